import { Link } from '@tanstack/react-router'
import { CircleUser } from 'lucide'
import { Popover } from 'radix-ui'
import { useState } from 'react'

import { SignOutButton } from '@/components/layout/sign-out-button'
import { Avatar } from '@/components/ui/avatar'
import { Icon } from '@/components/ui/icon'
import { useTranslation } from '@/lib/i18n/react'

import { AppSwitch } from './app-switch'
import type { SidebarPartProps } from './layout-context'
import { UserMenuButton } from './user-menu-button'

/** The user menu's popover (./user-menu.tsx), open from its first render. */
export function UserMenuPopover({ user, collapsed, onNavigate }: SidebarPartProps) {
  const { t } = useTranslation('shell')
  const [open, setOpen] = useState(true)
  const navigate = () => {
    setOpen(false)
    onNavigate?.()
  }
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <UserMenuButton user={user} collapsed={collapsed} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('userMenu.title')}
          className="z-50 flex w-72 flex-col gap-3 rounded-lg border border-border bg-surface p-3 shadow-lg"
        >
          <div className="flex items-center gap-3">
            <Avatar user={user} />
            <div className="flex min-w-0 flex-col text-sm leading-tight">
              <span className="truncate font-medium">{user.name}</span>
              <span className="truncate text-xs text-muted-foreground">{user.email}</span>
            </div>
          </div>
          <Link
            to="/manager/account"
            onClick={navigate}
            className="flex h-9 items-center gap-2 rounded-md px-2 text-sm font-medium hover:bg-accent aria-[current=page]:text-primary"
          >
            <Icon node={CircleUser} className="size-4" />
            {t('nav.account')}
          </Link>
          <AppSwitch current="manager" role={user.role} compact onNavigate={navigate} />
          <SignOutButton />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
