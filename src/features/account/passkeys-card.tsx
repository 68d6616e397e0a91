import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'

import { PasskeyList } from '@/components/auth/passkey-list'
import { Button } from '@/components/ui/button'
import { SectionCard } from '@/components/ui/section-card'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toaster'
import { authCall } from '@/lib/auth/auth-client'
import { addPasskey } from '@/lib/auth/passkeys'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'

import { accountQueries } from './queries'

/** The person's passkeys: add one (named), see when each was added and last used, remove one. */
export function PasskeysCard() {
  const { t } = useTranslation('account')
  const queryClient = useQueryClient()
  const passkeys = useQuery(accountQueries.passkeys())
  const [name, setName] = useState('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.account.passkeys.key() })

  const add = useMutation({
    mutationFn: (passkeyName: string) => authCall(addPasskey(passkeyName)),
    meta: { errorToast: 'account:passkeys.addFailed' },
    onSuccess: () => {
      setName('')
      toast.success(t('passkeys.added'))
    },
    onSettled: refresh,
  })
  const remove = useMutation(
    orpc.account.removePasskey.mutationOptions({
      meta: { errorToast: 'account:passkeys.removeFailed' },
      onSuccess: () => toast.success(t('passkeys.removed')),
      onSettled: refresh,
    }),
  )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(name.trim())
  }

  return (
    <SectionCard title={t('passkeys.title')} description={t('passkeys.description')}>
      {passkeys.data ? (
        <PasskeyList
          passkeys={passkeys.data}
          removing={remove.isPending ? remove.variables.id : undefined}
          onRemove={(id) => remove.mutateAsync({ id })}
        />
      ) : null}
      <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
        <TextField
          label={t('passkeys.name')}
          placeholder={t('passkeys.namePlaceholder')}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          className="min-w-48 flex-1"
        />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          {t('passkeys.add')}
        </Button>
      </form>
    </SectionCard>
  )
}
