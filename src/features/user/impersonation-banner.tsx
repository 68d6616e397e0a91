import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toaster'
import { lazyAuthCall } from '@/lib/auth/lazy-auth-client'
import type { SessionUser } from '@/lib/auth/session'
import { useTranslation } from '@/lib/i18n/react'

/**
 * On every page while an admin acts as a user: who, and a button back to that user's page as the admin.
 * Apart from the button that starts it (./impersonation.tsx), as it is on every page: it loads
 * neither the confirmation dialog nor, until clicked, the auth client.
 */
export function ImpersonationBanner({ session }: { session: SessionUser | null }) {
  const { t } = useTranslation('user')
  const router = useRouter()
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  if (!session?.impersonatedBy) return null

  const stop = async () => {
    setPending(true)
    const { error } = await lazyAuthCall((authClient) => authClient.admin.stopImpersonating())
    if (error) {
      setPending(false)
      toast.error(t('impersonation.stopFailed'))
      return
    }
    queryClient.clear()
    await router.invalidate()
    await router.navigate({ to: '/manager/users/$id', params: { id: session.id } })
    setPending(false)
  }

  return (
    <div
      role="region"
      aria-label={t('sessions.impersonated')}
      className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 bg-attention px-4 py-2 text-sm text-attention-foreground"
    >
      <p data-testid="impersonation-banner">
        {t('impersonation.banner', { name: session.name, email: session.email })}
      </p>
      <Button
        size="sm"
        variant="secondary"
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => void stop()}
      >
        {t('impersonation.stop')}
      </Button>
    </div>
  )
}
