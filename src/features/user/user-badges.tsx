import { BadgeCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** An e-mail's state: a check for verified, else 'Not Verified'. */
export function EmailVerified({ verified }: { verified: boolean }) {
  const { t } = useTranslation('user')
  return verified ? (
    <span className="inline-flex shrink-0 items-center gap-1 text-xs text-emerald-700 dark:text-emerald-400">
      <BadgeCheck aria-hidden className="size-3.5" />
      {t('email.verified')}
    </span>
  ) : (
    <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
      {t('email.notVerified')}
    </span>
  )
}

export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation('user')
  return (
    <span className="rounded-full border border-border px-2 py-0.5 text-xs font-medium">
      {t(`roles.${role}`, { defaultValue: role })}
    </span>
  )
}
