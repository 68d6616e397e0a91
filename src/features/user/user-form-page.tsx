import { useTranslation } from 'react-i18next'

import type { UserDetail } from './schema'
import { UserForm } from './user-form'

/** /manager/users/new and /manager/users/{id}/update: a heading and the one user form. */
export function UserFormPage({ user, isSelf }: { user?: UserDetail; isSelf?: boolean }) {
  const { t } = useTranslation('user')
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{user ? t('pages.update') : t('pages.new')}</h1>
      <UserForm user={user} isSelf={isSelf} />
    </div>
  )
}
