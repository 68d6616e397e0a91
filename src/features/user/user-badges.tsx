import { BadgeCheck } from 'lucide'

import { Badge } from '@/components/ui/badge'
import { Icon } from '@/components/ui/icon'
import type { Role } from '@/lib/auth/permissions'
import { useTranslation } from '@/lib/i18n/react'

/** An e-mail's state: a check for verified, else 'Not Verified'. */
export function EmailVerified({ verified }: { verified: boolean }) {
  const { t } = useTranslation('user')
  return verified ? (
    <span className="inline-flex shrink-0 items-center gap-1 text-xs text-success">
      <Icon node={BadgeCheck} className="size-3.5" />
      {t('email.verified')}
    </span>
  ) : (
    <Badge tone="warning">{t('email.notVerified')}</Badge>
  )
}

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('user')
  return <Badge>{t(`roles.${role}`)}</Badge>
}
