import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SignOutButton } from '@/features/account/sign-out-button'
import type { SessionUser } from '@/features/auth/session'
import { DisplayPreferences } from '@/features/preferences/display-preferences'

/** A page whose feature is still to come: its heading and a note (and any extra content). */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('shell')
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
      <p className="text-muted-foreground">{t('pages.comingSoon')}</p>
    </div>
  )
}

/** The account page until the account feature lands: who is signed in, display preferences, sign out. */
export function AccountPlaceholder({ user }: { user: SessionUser }) {
  const { t } = useTranslation('shell')
  return (
    <PlaceholderPage title={t('pages.account')}>
      <p>
        {user.name} · {user.email}
      </p>
      <DisplayPreferences />
      <div>
        <SignOutButton />
      </div>
    </PlaceholderPage>
  )
}
