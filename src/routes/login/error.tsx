import { createFileRoute } from '@tanstack/react-router'
import { z } from '@/lib/i18n/zod'
import { LoginErrorPage, toLoginError } from '@/features/auth/login-error-page'
import { pageHead } from '@/features/shell/head'

export const Route = createFileRoute('/login/error')({
  validateSearch: z.object({ error: z.string().optional().catch(undefined) }),
  head: pageHead('auth:login.title'),
  component: function LoginErrorRoute() {
    return <LoginErrorPage error={toLoginError(Route.useSearch().error)} />
  },
})
