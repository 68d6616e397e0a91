import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { LoginErrorPage, toLoginError } from '@/features/auth/login-error-page'

export const Route = createFileRoute('/login/error')({
  validateSearch: z.object({ error: z.string().optional().catch(undefined) }),
  head: () => ({ meta: [{ title: 'Start Books' }] }),
  component: function LoginErrorRoute() {
    return <LoginErrorPage error={toLoginError(Route.useSearch().error)} />
  },
})
