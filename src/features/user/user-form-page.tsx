import { PageHeader } from '@/components/ui/page-header'
import { useTranslation } from '@/lib/i18n/react'

import type { UserDetail } from './schema'
import { UserForm } from './user-form'

/** /manager/users/new and /manager/users/{id}/update: a heading and the one user form. */
export function UserFormPage({ user, isSelf }: { user?: UserDetail; isSelf?: boolean }) {
  const { t } = useTranslation('user')
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={user ? t('pages.update') : t('pages.new')} />
      <UserForm user={user} isSelf={isSelf} />
    </div>
  )
}
