import type { ReactNode } from 'react'

/**
 * An e-mail address inside a sentence: isolated, left to right in any
 * language (an Arabic sentence keeps its full stop on its own side), and
 * never cut across two lines.
 */
export function EmailAddress({ children }: { children?: ReactNode }) {
  return (
    <bdi dir="ltr" className="whitespace-nowrap">
      {children}
    </bdi>
  )
}
