import { createContext, type ReactNode, useContext } from 'react'

import type { SessionUser } from '@/lib/auth/session'

/** Where "Go home" leads: the area's home inside an area, else the site's. */
export type HomePath = '/' | '/app' | '/manager'

const LayoutContext = createContext<{ home: HomePath } | null>(null)

/**
 * Marks content rendered inside an area layout's <main>: status pages then
 * render as a section of it (with the area's home) instead of a page of their own.
 */
export function InLayout({ home, children }: { home: HomePath; children: ReactNode }) {
  return <LayoutContext.Provider value={{ home }}>{children}</LayoutContext.Provider>
}

/** The enclosing area layout, or null outside of one. */
export function useLayout() {
  return useContext(LayoutContext)
}

/** The id of each layout's <main>, target of the skip link. */
export const MAIN_ID = 'main-content'

/** What the manager sidebar's parts (navigation, user menu) receive. */
export interface SidebarPartProps {
  user: SessionUser
  collapsed: boolean
  /** Called after a navigation (closes the mobile drawer). */
  onNavigate?: () => void
}
