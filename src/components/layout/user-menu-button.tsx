import { ChevronsUpDown } from 'lucide'
import type { ComponentProps } from 'react'

import { cn } from '@/components/ui/cn'
import { Icon } from '@/components/ui/icon'
import type { SessionUser } from '@/lib/auth/session'

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return (parts.length > 1 ? `${parts[0]![0]}${parts.at(-1)![0]}` : (parts[0] ?? '?').slice(0, 2)).toUpperCase()
}

export function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
    >
      {initials(name)}
    </span>
  )
}

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
      <Avatar name={user.name} />
      <span className={cn('flex min-w-0 flex-1 flex-col text-sm leading-tight', collapsed && 'sr-only')}>
        <span className="truncate font-medium">{user.name}</span>
        <span className="truncate text-xs text-muted-foreground">{user.email}</span>
      </span>
      {collapsed ? null : <Icon node={ChevronsUpDown} className="size-4 shrink-0 text-muted-foreground" />}
    </button>
  )
}
