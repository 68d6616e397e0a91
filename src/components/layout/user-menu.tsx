import { lazy, Suspense, useState } from 'react'

import { useHydrated } from '@/components/ui/use-hydrated'

import type { SidebarPartProps } from './layout-context'
import { UserMenuButton } from './user-menu-button'

// The popover (Radix, floating-ui) loads with the first click, not with every manager page.
const UserMenuPopover = lazy(() =>
  import('./user-menu-popover').then(({ UserMenuPopover }) => ({ default: UserMenuPopover })),
)

/**
 * The signed-in user's menu at the bottom of the manager sidebar: who, Account, the app switch, sign out.
 * A plain button until first opened; then the popover, which stays (it opens and closes itself).
 * The menu needs the script: the button is disabled until the page has hydrated.
 */
export function UserMenu({ user, collapsed, onNavigate }: SidebarPartProps) {
  const [opened, setOpened] = useState(false)
  const hydrated = useHydrated()
  const button = (
    <UserMenuButton
      user={user}
      collapsed={collapsed}
      disabled={!hydrated}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => setOpened(true)}
    />
  )
  if (!opened) return button
  return (
    <Suspense fallback={button}>
      <UserMenuPopover user={user} collapsed={collapsed} onNavigate={onNavigate} />
    </Suspense>
  )
}
