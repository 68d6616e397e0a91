import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/** When nobody has touched the page: late enough that the first load is over (its weight budget does not see it). */
const LOAD_AFTER_MS = 3000
const FIRST_TOUCH = ['pointerdown', 'keydown', 'scroll'] as const

/**
 * Starts Core Web Vitals reporting (web-vitals-report.ts) once the page is interactive:
 * at its first touch, or a few seconds after hydration, whichever comes
 * first, so that `web-vitals` is never part of what a page needs to load.
 * A touch before hydration (the page is read before its script runs, on a
 * slow phone for seconds) is no event here any more: the browser's Event
 * Timing entry of the first input says it happened, and it starts at once.
 * Only the trigger is here, in every page's first load: the rest (which
 * route to report under, the measuring) comes with the lazy chunk.
 */
export function VitalsReporter() {
  const router = useRouter()
  useEffect(() => {
    // The page load's matches, read now: the vitals are the load's, not those of the routes visited after it.
    const { matches } = router.state
    const touch = new AbortController()
    const start = () => {
      stop()
      void import('./web-vitals-report').then(({ reportVitals }) => reportVitals(matches)).catch(() => {})
    }
    const timer = setTimeout(start, LOAD_AFTER_MS)
    const stop = () => {
      clearTimeout(timer)
      touch.abort()
    }
    if (touchedBeforeHydration()) {
      start()
      return stop
    }
    for (const type of FIRST_TOUCH)
      addEventListener(type, start, { capture: true, passive: true, signal: touch.signal })
    return stop
    // Once per page load (the router does not change): a client-side navigation is not a new load.
  }, [router])
  return null
}

/** Whether the page was touched (a click, a tap, a key) before this script listened: the browser records the first input. */
function touchedBeforeHydration(): boolean {
  try {
    return performance.getEntriesByType('first-input').length > 0
  } catch {
    // A browser without the Performance Timeline: the timer starts it.
    return false
  }
}
