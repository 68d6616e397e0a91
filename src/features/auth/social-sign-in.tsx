import { KeyRound } from 'lucide'
import { type ReactNode, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { lazyAuthCall } from '@/lib/auth/lazy-auth-client'
import type { SocialProvider } from '@/lib/auth/sign-in-options'
import { useTranslation } from '@/lib/i18n/react'

/** Where a provider's answer comes back to: /login sends a signed-in user on (onboarding, redirect, home). */
function socialCallbackURL(redirect: string) {
  return redirect ? `/login?${new URLSearchParams({ redirect })}` : '/login'
}

/**
 * One button per configured provider, after the other ways in (`children`:
 * the passkey's); nothing when there is none. The browser leaves for the
 * provider; failures come back to /login/error.
 */
export function SocialSignIn({
  providers,
  redirect,
  onError,
  children,
}: {
  providers: SocialProvider[]
  redirect: string
  onError: (message: string) => void
  children?: ReactNode
}) {
  const { t } = useTranslation('auth')
  const [pending, setPending] = useState<string>()
  if (providers.length === 0 && !children) return null

  const signIn = async (provider: string) => {
    setPending(provider)
    const { error } = await lazyAuthCall((authClient) =>
      authClient.signIn.social({
        provider,
        callbackURL: socialCallbackURL(redirect),
        errorCallbackURL: '/login/error',
      }),
    )
    if (error) {
      setPending(undefined)
      // The error messages load with the first error, not with the page.
      const { authErrorMessage } = await import('@/lib/auth/auth-errors')
      onError(authErrorMessage(t, error))
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span aria-hidden className="h-px flex-1 bg-border" />
        {t('login.or')}
        <span aria-hidden className="h-px flex-1 bg-border" />
      </div>
      {children}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="secondary"
          disabled={pending !== undefined}
          aria-busy={pending === provider.id || undefined}
          onClick={() => void signIn(provider.id)}
        >
          <Icon node={KeyRound} className="size-4" />
          {t('login.social', { provider: provider.name })}
        </Button>
      ))}
    </div>
  )
}
