import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * Whether this component runs with its script: false on the server and while
 * the page hydrates (so the first client render matches the HTML), true right
 * after, and at once for what mounts later. A control that does nothing
 * without script is not painted as usable until this is true (issue 25,
 * progressive enhancement: the page paints before its script loads).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
