import { Link } from '@tanstack/react-router'
import { BookOpen, CircleUser, House } from 'lucide'
import type { ReactNode } from 'react'

import { Icon } from '@/components/ui/icon'
import { useTranslation } from '@/lib/i18n/react'

import { Brand } from './brand'
import { InLayout, MAIN_ID } from './layout-context'
import { SkipLink } from './skip-link'

const NAV = [
  { to: '/app', label: 'nav.home', icon: House, exact: true },
  { to: '/app/books', label: 'nav.books', icon: BookOpen, exact: false },
  { to: '/app/account', label: 'nav.account', icon: CircleUser, exact: false },
] as const

/**
 * The /app layout, mobile first: a bottom navigation bar on small screens,
 * the same entries in the top bar from the `md` breakpoint.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell')
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center gap-6 px-4">
          <Brand />
          <nav aria-label={t('nav.main')} className="hidden md:block">
            <ul className="flex items-center gap-1">
              <NavItems
                iconClassName="size-4"
                linkClassName="flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-hover-foreground aria-[current=page]:bg-accent aria-[current=page]:text-active-foreground"
              />
            </ul>
          </nav>
        </div>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-24 outline-none md:pb-10"
      >
        <InLayout home="/app">{children}</InLayout>
      </main>
      <nav
        aria-label={t('nav.main')}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <ul className="grid grid-cols-3">
          <NavItems
            iconClassName="size-5"
            linkClassName="relative flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground aria-[current=page]:font-semibold aria-[current=page]:text-active-foreground aria-[current=page]:before:absolute aria-[current=page]:before:inset-x-6 aria-[current=page]:before:top-0 aria-[current=page]:before:h-0.5 aria-[current=page]:before:rounded-full aria-[current=page]:before:bg-primary"
          />
        </ul>
      </nav>
    </div>
  )
}

/** The area's entries: the same links in the top bar (desktop) and the bottom bar (mobile). */
function NavItems({ linkClassName, iconClassName }: { linkClassName: string; iconClassName: string }) {
  const { t } = useTranslation('shell')
  return NAV.map(({ to, label, icon, exact }) => (
    <li key={to}>
      <Link to={to} activeOptions={{ exact, includeSearch: false }} className={linkClassName}>
        <Icon node={icon} className={iconClassName} />
        {t(label)}
      </Link>
    </li>
  ))
}
