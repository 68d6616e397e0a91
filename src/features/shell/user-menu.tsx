import { Link } from '@tanstack/react-router'
import { ChevronsUpDown, CircleUser } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { SignOutButton } from '@/features/account/sign-out-button'
import type { SessionUser } from '@/features/auth/session'
import { AppSwitch } from './app-switch'

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return (parts.length > 1 ? `${parts[0]![0]}${parts.at(-1)![0]}` : (parts[0] ?? '?').slice(0, 2)).toUpperCase()
}

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
    >
      {initials(name)}
    </span>
  )
}

/** The signed-in user's menu at the bottom of the manager sidebar: who, Account, the app switch, sign out. */
export function UserMenu({ user, collapsed, onNavigate }: { user: SessionUser; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('shell')
  const [open, setOpen] = useState(false)
  const navigate = () => {
    setOpen(false)
    onNavigate?.()
  }
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={cn(
          'flex w-full items-center gap-3 rounded-md p-2 text-start hover:bg-white data-[state=open]:bg-white dark:hover:bg-zinc-800 dark:data-[state=open]:bg-zinc-800',
          collapsed && 'justify-center p-1',
        )}
      >
        <Avatar name={user.name} />
        <span className={cn('flex min-w-0 flex-1 flex-col text-sm leading-tight', collapsed && 'sr-only')}>
          <span className="truncate font-medium">{user.name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </span>
        {collapsed ? null : <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('userMenu.title')}
          className="z-50 flex w-72 flex-col gap-3 rounded-lg border border-border bg-white p-3 shadow-lg dark:bg-zinc-950"
        >
          <div className="flex items-center gap-3">
            <Avatar name={user.name} />
            <div className="flex min-w-0 flex-col text-sm leading-tight">
              <span className="truncate font-medium">{user.name}</span>
              <span className="truncate text-xs text-muted-foreground">{user.email}</span>
            </div>
          </div>
          <Link
            to="/manager/account"
            onClick={navigate}
            className="flex h-9 items-center gap-2 rounded-md px-2 text-sm font-medium hover:bg-muted aria-[current=page]:text-primary dark:hover:bg-zinc-800"
          >
            <CircleUser aria-hidden className="size-4" />
            {t('nav.account')}
          </Link>
          <AppSwitch current="manager" role={user.role} compact onNavigate={navigate} />
          <SignOutButton />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
