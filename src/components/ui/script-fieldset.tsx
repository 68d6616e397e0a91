import { type ReactNode, useEffect, useRef } from 'react'

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
  const fieldset = useRef<HTMLFieldSetElement>(null)
  useEffect(() => {
    // The browser skipped the server HTML's `autofocus` on a disabled field: focus it now, unless
    // the visitor is already somewhere. (A field mounted after hydration is focused by React.)
    const active = document.activeElement
    if (hydrated && (!active || active === document.body))
      fieldset.current?.querySelector<HTMLElement>('[autofocus]')?.focus()
  }, [hydrated])
  return (
    <fieldset ref={fieldset} disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  )
}
