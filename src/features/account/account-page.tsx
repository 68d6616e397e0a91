import { SignOutButton } from '@/components/layout/sign-out-button'
import { PageHeader } from '@/components/ui/page-header'
import { SectionCard } from '@/components/ui/section-card'
import { DisplayPreferences } from '@/features/preferences'
import type { SessionUser } from '@/lib/auth/session'
import { useTranslation } from '@/lib/i18n/react'

import { DeleteAccountCard } from './delete-account-card'
import { PasskeysCard } from './passkeys-card'
import { ProfileCard } from './profile-card'
import type { AccountSearch } from './search'
import { SessionsCard } from './sessions-card'

/**
 * The account page of both areas (/app/account and /manager/account): the
 * user card (change of name and e-mail), display preferences, passkeys, sessions,
 * sign-out and deletion of the account.
 */
export function AccountPage({ user, search }: { user: SessionUser; search: AccountSearch }) {
  const { t } = useTranslation('account')
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <PageHeader title={t('title')} />
      <ProfileCard user={user} search={search} />
      <DisplayPreferences />
      <PasskeysCard />
      <SessionsCard />
      <SectionCard title={t('signOut.title')} description={t('signOut.description')}>
        <div>
          <SignOutButton />
        </div>
      </SectionCard>
      <DeleteAccountCard />
    </div>
  )
}
