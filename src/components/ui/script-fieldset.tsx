import type { ReactNode } from 'react'

import { useHydrated } from './use-hydrated'

/**
 * The fields and buttons of a form that works only with its script (it has
 * no method or action the server answers): disabled until the page has
 * hydrated, so nothing can be typed into it before the script would read it,
 * and it cannot be submitted natively (which would put its fields in the
 * URL). It lays out as if it were not there.
 */
export function ScriptFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  )
}
