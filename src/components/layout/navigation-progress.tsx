import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'

import { useTranslation } from '@/lib/i18n/react'

/**
 * `active`, shown only once it has lasted `delayMs`, then kept at least
 * `minVisibleMs`: a quick navigation shows nothing, a slow one no flicker.
 */
export function useDelayedVisibility(active: boolean, delayMs: number, minVisibleMs: number): boolean {
  const [visible, setVisible] = useState(false)
  const shownAt = useRef(0)
  useEffect(() => {
    if (active && !visible) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now()
        setVisible(true)
      }, delayMs)
      return () => clearTimeout(timer)
    }
    if (!active && visible) {
      const timer = setTimeout(() => setVisible(false), Math.max(0, minVisibleMs - (Date.now() - shownAt.current)))
      return () => clearTimeout(timer)
    }
  }, [active, visible, delayMs, minVisibleMs])
  return visible
}

/**
 * A thin bar at the top while a navigation is pending, with the router's own
 * timings: after the pending threshold (1000 ms), for at least 500 ms.
 */
export function NavigationProgress() {
  const { t } = useTranslation('shell')
  const router = useRouter()
  const pending = useRouterState({ select: (state) => state.status === 'pending' })
  const visible = useDelayedVisibility(
    pending,
    router.options.defaultPendingMs ?? 1000,
    router.options.defaultPendingMinMs ?? 500,
  )
  if (!visible) return null
  return (
    <div
      role="progressbar"
      aria-label={t('navigation.loading')}
      className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-full animate-pulse bg-primary" />
    </div>
  )
}
