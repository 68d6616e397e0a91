import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/** When nobody has touched the page: late enough that the first load is over (its weight budget does not see it). */
const LOAD_AFTER_MS = 3000
const FIRST_TOUCH = ['pointerdown', 'keydown', 'scroll'] as const

/**
 * Starts Core Web Vitals reporting (web-vitals-report.ts) once the page is interactive:
 * at its first touch, or a few seconds after hydration, whichever comes
 * first, so that `web-vitals` is never part of what a page needs to load.
 * The vitals are the page load's: counted under the route it was loaded at
 * (a template such as `/app/books/$id`), not the routes visited after it.
 */
export function VitalsReporter() {
  const router = useRouter()
  useEffect(() => {
    const { matches } = router.state
    // A page not found or failed is no route's measure.
    if (matches.some((match) => match.status !== 'success')) return
    const fullPath = matches.at(-1)?.fullPath ?? '/'
    const route = fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath
    let started = false
    const start = () => {
      if (started) return
      started = true
      stop()
      void import('./web-vitals-report').then(({ reportVitals }) => reportVitals(route)).catch(() => {})
    }
    const timer = setTimeout(start, LOAD_AFTER_MS)
    const stop = () => {
      clearTimeout(timer)
      for (const type of FIRST_TOUCH) removeEventListener(type, start, { capture: true })
    }
    for (const type of FIRST_TOUCH) addEventListener(type, start, { capture: true, passive: true })
    return stop
    // Once per page load (the router does not change): a client-side navigation is not a new load.
  }, [router])
  return null
}
