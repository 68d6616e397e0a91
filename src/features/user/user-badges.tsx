import { BadgeCheck } from 'lucide-react'

import { Badge } from '@/components/ui/badge'
import type { Role } from '@/lib/auth/permissions'
import { useTranslation } from '@/lib/i18n/react'

/** An e-mail's state: a check for verified, else 'Not Verified'. */
export function EmailVerified({ verified }: { verified: boolean }) {
  const { t } = useTranslation('user')
  return verified ? (
    <span className="inline-flex shrink-0 items-center gap-1 text-xs text-success">
      <BadgeCheck aria-hidden className="size-3.5" />
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
