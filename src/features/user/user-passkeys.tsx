import { useQuery } from '@tanstack/react-query'

import { PasskeyList } from '@/components/auth/passkey-list'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'

import { userQueries } from './queries'
import { useUserAction } from './use-user-action'

/** The user's passkeys, as the account page lists them; an admin removes a lost one. */
export function UserPasskeys({ userId }: { userId: string }) {
  const { t } = useTranslation('account')
  const passkeys = useQuery(userQueries.passkeys(userId))
  const remove = useUserAction(orpc.user.removePasskey.mutationOptions(), {
    successToast: 'account:passkeys.removed',
    errorToast: 'account:passkeys.removeFailed',
  })
  return (
    <section aria-labelledby="user-passkeys" className="flex flex-col gap-3">
      <h2 id="user-passkeys" className="text-lg font-semibold">
        {t('passkeys.title')}
      </h2>
      {passkeys.data ? (
        <PasskeyList
          passkeys={passkeys.data}
          removing={remove.isPending ? remove.variables.passkeyId : undefined}
          onRemove={(passkeyId) => remove.mutateAsync({ id: userId, passkeyId })}
        />
      ) : null}
    </section>
  )
}
