import { useNavigate, useRouter } from '@tanstack/react-router'
import { BadgeCheck, CircleAlert } from 'lucide'
import { useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { SectionCard } from '@/components/ui/section-card'
import type { SessionUser } from '@/lib/auth/session'
import { useTranslation } from '@/lib/i18n/react'

import { AvatarEditor } from './avatar-editor'
import { ChangeEmailDialog } from './change-email-dialog'
import { ChangeNameDialog } from './change-name-dialog'
import type { AccountSearch } from './search'

/** The user card: name and e-mail, with the change-name drawer and the change of e-mail. */
export function ProfileCard({ user, search }: { user: SessionUser; search: AccountSearch }) {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const router = useRouter()
  const [emailOpen, setEmailOpen] = useState(false)
  // Opened from this page (a history entry of ours): closing is Back.
  const openedHere = useRef(false)

  const setSearch = (patch: Partial<AccountSearch>, replace = false) =>
    navigate({ to: '.', search: (previous) => ({ ...previous, ...patch }), replace })

  const setNameOpen = (open: boolean) => {
    if (open) {
      openedHere.current = true
      void setSearch({ state: 'change-name' })
    } else if (openedHere.current) {
      openedHere.current = false
      router.history.back()
    } else {
      void setSearch({ state: '' }, true)
    }
  }

  return (
    <SectionCard title={t('profile.title')} description={t('profile.description')}>
      <AvatarEditor user={user} />
      <dl className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <dt className="text-sm text-muted-foreground">{t('profile.name')}</dt>
        <dd className="font-medium break-words" data-testid="account-name">
          {user.name}
        </dd>
        <dt className="text-sm text-muted-foreground">{t('profile.email')}</dt>
        <dd className="flex flex-wrap items-center gap-2 break-all" data-testid="account-email">
          {user.email}
          {user.emailVerified ? (
            <span className="inline-flex items-center gap-1 text-xs text-success">
              <Icon node={BadgeCheck} className="size-3.5" />
              {t('profile.verified')}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <Icon node={CircleAlert} className="size-3.5" />
              {t('profile.notVerified')}
            </span>
          )}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setNameOpen(true)}>
          {t('profile.changeName')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setEmailOpen(true)}>
          {t('profile.changeEmail')}
        </Button>
      </div>
      <ChangeNameDialog open={search.state === 'change-name'} name={user.name} onOpenChange={setNameOpen} />
      <ChangeEmailDialog
        open={emailOpen}
        newEmail={search.newEmail}
        onOpenChange={setEmailOpen}
        onNewEmail={(newEmail) => void setSearch({ newEmail }, newEmail === '')}
      />
    </SectionCard>
  )
}
