import { ChevronsUpDown } from 'lucide'
import type { ComponentProps } from 'react'

import { Avatar } from '@/components/ui/avatar'
import { cn } from '@/components/ui/cn'
import { Icon } from '@/components/ui/icon'
import type { SessionUser } from '@/lib/auth/session'

/** The button that opens the user menu: who is signed in. */
export function UserMenuButton({
  user,
  collapsed,
  className,
  ...props
}: { user: SessionUser; collapsed: boolean } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className={cn(
        'flex w-full items-center gap-3 rounded-md p-2 text-start hover:bg-sidebar-accent disabled:pointer-events-none disabled:opacity-60 data-[state=open]:bg-sidebar-accent',
        collapsed && 'justify-center p-1',
        className,
      )}
      {...props}
    >
      <Avatar user={user} />
      <span className={cn('flex min-w-0 flex-1 flex-col text-sm leading-tight', collapsed && 'sr-only')}>
        <span className="truncate font-medium">{user.name}</span>
        <span className="truncate text-xs text-muted-foreground">{user.email}</span>
      </span>
      {collapsed ? null : <Icon node={ChevronsUpDown} className="size-4 shrink-0 text-muted-foreground" />}
    </button>
  )
}
