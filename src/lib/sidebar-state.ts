import { useState } from 'react'

/** The cookie that keeps the manager sidebar collapsed or expanded (desktop). */
export const SIDEBAR_COOKIE = 'sidebar_state'
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365

function collapsedInCookie(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${SIDEBAR_COOKIE}=collapsed`)
}

/**
 * Whether the desktop sidebar is collapsed. The server reads the cookie for the
 * first HTML (`serverValue`); in the browser the cookie itself is the truth, so
 * coming back to the manager after a visit elsewhere keeps the user's choice.
 */
export function useSidebarCollapsed(serverValue: boolean) {
  const [collapsed, setCollapsed] = useState(() =>
    typeof document === 'undefined' ? serverValue : collapsedInCookie(),
  )
  const update = (next: boolean) => {
    setCollapsed(next)
    document.cookie = `${SIDEBAR_COOKIE}=${next ? 'collapsed' : 'expanded'}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`
  }
  return [collapsed, update] as const
}
