import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SignOutButton } from '@/features/account/sign-out-button'
import type { SessionUser } from '@/features/auth/session'

/** A plain frame for /app and /manager until the real shells land (issue 3). */
export function AreaPlaceholder({ area, user, children }: { area: 'app' | 'manager'; user: SessionUser; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="min-h-dvh">
      <header className="flex items-center justify-between gap-4 border-b border-border px-4 py-3">
        <nav aria-label={t('nav.areas')} className="flex items-center gap-4 text-sm font-medium">
          <Link to="/app" className={area === 'app' ? 'text-primary' : undefined}>
            {t('nav.app')}
          </Link>
          {user.role === 'admin' ? (
            <Link to="/manager" className={area === 'manager' ? 'text-primary' : undefined}>
              {t('nav.manager')}
            </Link>
          ) : null}
        </nav>
        <div className="flex items-center gap-3 text-sm">
          <span className="text-muted-foreground">{user.email}</span>
          <SignOutButton />
        </div>
      </header>
      <main className="p-4">{children}</main>
    </div>
  )
}
