import { Link } from '@tanstack/react-router'

import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { useTranslation } from '@/lib/i18n/react'

import { AuthCard } from './auth-card'

/**
 * The sign-in failures /login/error explains (docs/product.md#screens), plus a banned
 * user refused by a provider's callback (`BANNED_USER`, docs/product.md#permissions);
 * anything else is unknown_error.
 */
const LOGIN_ERRORS = ['signup_disabled', 'access_denied', 'banned', 'unknown_error'] as const
export type LoginError = (typeof LOGIN_ERRORS)[number]

export function toLoginError(value: string | undefined | null): LoginError {
  if (value === 'BANNED_USER') return 'banned'
  return LOGIN_ERRORS.find((known) => known === value && known !== 'banned') ?? 'unknown_error'
}

const messages = {
  signup_disabled: { title: 'loginError.signup_disabled.title', description: 'loginError.signup_disabled.description' },
  access_denied: { title: 'loginError.access_denied.title', description: undefined },
  banned: { title: 'errors.BANNED_USER', description: undefined },
  unknown_error: { title: 'loginError.unknown_error.title', description: undefined },
} as const satisfies Record<LoginError, { title: string; description?: string }>

/** The page's title (its heading, also the tab's title). */
export const loginErrorTitle = (error: LoginError) => `auth:${messages[error].title}` as const

export function LoginErrorPage({ error }: { error: LoginError }) {
  const { t } = useTranslation('auth')
  const { title, description } = messages[error]
  return (
    <AuthCard title={t(title)} description={description ? t(description) : undefined}>
      <Link to="/login" className={cn(buttonVariants(), 'w-full')}>
        {t('loginError.backToLogin')}
      </Link>
    </AuthCard>
  )
}
