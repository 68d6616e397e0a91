import { Link, useRouter } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { authClient } from '@/features/auth/auth-client'
import type { SessionUser } from '@/features/auth/session'

/** A plain frame for /app and /manager until the real shells land (issue 3). */
export function AreaPlaceholder({ area, user, children }: { area: 'app' | 'manager'; user: SessionUser; children: ReactNode }) {
  const { t } = useTranslation()
  const router = useRouter()
  const [failed, setFailed] = useState(false)

  const signOut = async () => {
    setFailed(false)
    const { error } = await authClient.signOut()
    if (error) return setFailed(true)
    await router.invalidate()
    await router.navigate({ to: '/login' })
  }

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
          <Button variant="secondary" size="sm" onClick={signOut}>
            {t('actions.signOut')}
          </Button>
        </div>
      </header>
      {failed ? (
        <p role="alert" className="p-4 text-sm text-danger">
          {t('errors.signOutFailed')}
        </p>
      ) : null}
      <main className="p-4">{children}</main>
    </div>
  )
}
