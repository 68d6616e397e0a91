import { Link, useLoaderData } from '@tanstack/react-router'
import {
  BookOpen,
  CircleUser,
  ExternalLink,
  FileCode,
  House,
  type IconNode,
  LayoutDashboard,
  ListChecks,
  Menu,
  MonitorSmartphone,
  PanelLeftClose,
  PanelLeftOpen,
  Users,
  X,
} from 'lucide'
import { Dialog } from 'radix-ui'
import { type ReactNode, useId, useState } from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Icon } from '@/components/ui/icon'
import { API_DOCS_PATH } from '@/lib/api-docs'
import { roleCan } from '@/lib/auth/role-matrix'
import type { SessionUser } from '@/lib/auth/session'
import { useTranslation } from '@/lib/i18n/react'
import { useSidebarCollapsed } from '@/lib/sidebar-state'

import { Brand } from './brand'
import { InLayout, MAIN_ID, type SidebarPartProps } from './layout-context'
import { SkipLink } from './skip-link'
import { UserMenu } from './user-menu'

/**
 * The /manager layout: a sidebar from the `md` breakpoint (collapsible to its
 * icons, the choice kept in a cookie), a sheet behind a menu button below it.
 */
export function ManagerLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { t } = useTranslation('shell')
  const { sidebarCollapsed } = useLoaderData({ from: '__root__' })
  const [collapsed, setCollapsed] = useSidebarCollapsed(sidebarCollapsed)
  const [sheetOpen, setSheetOpen] = useState(false)
  const sidebarId = useId()

  return (
    <div className="min-h-dvh md:flex">
      <SkipLink />
      <aside
        id={sidebarId}
        data-collapsed={collapsed}
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col border-e border-border bg-sidebar transition-[width] md:flex',
          collapsed ? 'w-16' : 'w-64',
        )}
      >
        <div className={cn('flex h-14 items-center gap-2 px-3', collapsed ? 'justify-center' : 'justify-between')}>
          {collapsed ? null : <Brand />}
          <Button
            variant="ghost"
            className="size-9 shrink-0 p-0"
            aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
            aria-expanded={!collapsed}
            aria-controls={sidebarId}
            onClick={() => setCollapsed(!collapsed)}
          >
            {collapsed ? (
              <Icon node={PanelLeftOpen} className="size-5 rtl:-scale-x-100" />
            ) : (
              <Icon node={PanelLeftClose} className="size-5 rtl:-scale-x-100" />
            )}
          </Button>
        </div>
        <SidebarNav user={user} collapsed={collapsed} />
        <div className="border-t border-border p-2">
          <UserMenu user={user} collapsed={collapsed} />
        </div>
      </aside>

      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-surface/95 px-2 backdrop-blur md:hidden">
        <Dialog.Root open={sheetOpen} onOpenChange={setSheetOpen}>
          <Dialog.Trigger asChild>
            <Button variant="ghost" className="size-10 p-0" aria-label={t('nav.openMenu')}>
              <Icon node={Menu} className="size-5" />
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
            <Dialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col bg-sidebar shadow-xl"
            >
              <div className="flex h-14 items-center justify-between gap-2 px-3">
                <Dialog.Title className="sr-only">{t('nav.menu')}</Dialog.Title>
                <Brand />
                <Dialog.Close asChild>
                  <Button variant="ghost" className="size-9 p-0" aria-label={t('nav.closeMenu')}>
                    <Icon node={X} className="size-5" />
                  </Button>
                </Dialog.Close>
              </div>
              <SidebarNav user={user} collapsed={false} onNavigate={() => setSheetOpen(false)} />
              <div className="border-t border-border p-2">
                <UserMenu user={user} collapsed={false} onNavigate={() => setSheetOpen(false)} />
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <Brand />
      </header>

      <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-8">
        <InLayout home="/manager">{children}</InLayout>
      </main>
    </div>
  )
}

/** The sidebar's entries, in the product's order (docs/product.md#screens), in groups 'Application' and 'Configuration'. */
function SidebarNav({ user, collapsed, onNavigate }: SidebarPartProps) {
  const { t } = useTranslation('shell')
  const item = { collapsed, onNavigate }
  return (
    <nav aria-label={t('nav.manager')} className="flex flex-1 flex-col gap-4 overflow-y-auto px-2 py-2">
      <ul className="flex flex-col gap-1">
        {/* /manager redirects to the dashboard: never the current entry itself. */}
        <NavItem to="/manager" exact icon={House} label={t('nav.home')} {...item} />
      </ul>
      <NavGroup label={t('nav.application')} collapsed={collapsed}>
        <NavItem to="/manager/dashboard" icon={LayoutDashboard} label={t('nav.dashboard')} {...item} />
        <NavItem to="/manager/books" icon={BookOpen} label={t('nav.books')} {...item} />
      </NavGroup>
      {roleCan(user.role, { user: ['list'] }) || roleCan(user.role, { job: ['list'] }) ? (
        <NavGroup label={t('nav.configuration')} collapsed={collapsed}>
          {roleCan(user.role, { user: ['list'] }) ? (
            <NavItem to="/manager/users" icon={Users} label={t('nav.users')} {...item} />
          ) : null}
          {roleCan(user.role, { job: ['list'] }) ? (
            <NavItem to="/manager/jobs" icon={ListChecks} label={t('nav.jobs')} {...item} />
          ) : null}
        </NavGroup>
      ) : null}
      <ul className="mt-auto flex flex-col gap-1">
        <NavItem to="/manager/account" icon={CircleUser} label={t('nav.account')} {...item} />
        <NavItem to="/app" icon={MonitorSmartphone} label={t('nav.openApp')} {...item} />
        <li>
          <a
            href={API_DOCS_PATH}
            target="_blank"
            rel="noopener noreferrer"
            title={collapsed ? t('nav.apiDocumentation') : undefined}
            className={navItemClass(collapsed)}
          >
            <Icon node={FileCode} className="size-4 shrink-0" />
            <span className={cn('flex flex-1 items-center gap-1', collapsed && 'sr-only')}>
              {t('nav.apiDocumentation')}
              <Icon node={ExternalLink} className="size-3.5" />
              <span className="sr-only">{t('opensInNewTab')}</span>
            </span>
          </a>
        </li>
      </ul>
    </nav>
  )
}

function NavGroup({ label, collapsed, children }: { label: string; collapsed: boolean; children: ReactNode }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={id} className="flex flex-col gap-1">
      <p
        id={id}
        className={cn(
          'px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase',
          collapsed && 'sr-only',
        )}
      >
        {label}
      </p>
      {collapsed ? <hr aria-hidden className="mx-2 border-border" /> : null}
      <ul className="flex flex-col gap-1">{children}</ul>
    </div>
  )
}

function navItemClass(collapsed: boolean) {
  return cn(
    'flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-sidebar-accent hover:text-hover-foreground',
    'aria-[current=page]:bg-sidebar-accent aria-[current=page]:font-semibold aria-[current=page]:text-active-foreground aria-[current=page]:shadow-sm',
    collapsed && 'justify-center px-0',
  )
}

function NavItem({
  to,
  exact = false,
  icon,
  label,
  collapsed,
  onNavigate,
}: {
  to:
    | '/manager'
    | '/manager/dashboard'
    | '/manager/books'
    | '/manager/users'
    | '/manager/jobs'
    | '/manager/account'
    | '/app'
  exact?: boolean
  icon: IconNode
  label: string
  collapsed: boolean
  onNavigate?: () => void
}) {
  return (
    <li>
      <Link
        to={to}
        activeOptions={{ exact, includeSearch: false }}
        onClick={onNavigate}
        title={collapsed ? label : undefined}
        className={navItemClass(collapsed)}
      >
        <Icon node={icon} className="size-4 shrink-0" />
        <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
      </Link>
    </li>
  )
}
