import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a media query matches, kept up to date. On the server and during
 * hydration it is `serverDefault` (nothing to measure there), so the first
 * client render matches the HTML; the real value follows right after.
 */
function useMediaQuery(query: string, serverDefault = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : serverDefault),
    () => serverDefault,
  )
}

/** Dialogs become bottom drawers at a viewport width of 640px or less (docs/product.md#constants). */
export const DRAWER_BREAKPOINT_PX = 640
const DRAWER_MEDIA_QUERY = `(max-width: ${DRAWER_BREAKPOINT_PX}px)`

export function useIsDrawer(): boolean {
  return useMediaQuery(DRAWER_MEDIA_QUERY)
}
