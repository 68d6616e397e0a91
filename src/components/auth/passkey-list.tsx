import { FingerprintPattern } from 'lucide'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Icon } from '@/components/ui/icon'
import type { PasskeyItem } from '@/lib/auth/passkey-schema'
import { useTranslation } from '@/lib/i18n/react'
import { useFormatDate } from '@/lib/use-format-date'

/**
 * Passkeys, each with its name, where it lives (its password manager, synced
 * or on one device), when it was added and last used, and a confirmed
 * removal: the account page's and the user manager's.
 */
export function PasskeyList({
  passkeys,
  removing,
  onRemove,
}: {
  passkeys: PasskeyItem[]
  /** The passkey being removed. */
  removing?: string
  onRemove: (id: string) => Promise<unknown>
}) {
  const { t } = useTranslation('account')
  const date = useFormatDate()
  if (passkeys.length === 0) return <p className="text-sm text-muted-foreground">{t('passkeys.none')}</p>
  return (
    <ul aria-label={t('passkeys.title')} className="flex flex-col divide-y divide-border">
      {passkeys.map((passkey) => {
        const name = passkey.name ?? passkey.authenticator ?? t('passkeys.unnamed')
        return (
          <li key={passkey.id} data-testid="passkey" className="flex flex-wrap items-start gap-3 py-3">
            <Icon node={FingerprintPattern} className="mt-0.5 size-5 text-muted-foreground" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {name}
                <Badge>{t(passkey.synced ? 'passkeys.synced' : 'passkeys.oneDevice')}</Badge>
              </p>
              {passkey.authenticator && passkey.name ? (
                <p className="text-sm text-muted-foreground">{passkey.authenticator}</p>
              ) : null}
              <p className="text-sm text-muted-foreground">
                {t('passkeys.times', {
                  created: date(passkey.createdAt),
                  used: passkey.lastUsedAt ? date(passkey.lastUsedAt) : t('passkeys.neverUsed'),
                })}
              </p>
            </div>
            <ConfirmDialog
              trigger={
                <Button
                  variant="ghost"
                  size="sm"
                  loading={removing === passkey.id}
                  aria-label={t('passkeys.removeLabel', { name })}
                >
                  {t('passkeys.remove')}
                </Button>
              }
              title={t('passkeys.removeTitle')}
              description={t('passkeys.removeDescription')}
              confirmLabel={t('passkeys.remove')}
              variant="destructive"
              // A failure closes the confirmation too; its toast says why.
              onConfirm={() => onRemove(passkey.id).catch(() => undefined)}
            />
          </li>
        )
      })}
    </ul>
  )
}
