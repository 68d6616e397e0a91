import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod'
import { LoginPage } from '@/features/auth/login-page'
import { homeOf, safeRedirect } from '@/features/auth/redirect'
import { pageHead } from '@/features/shell/head'

export const Route = createFileRoute('/login/')({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: ({ context, search }) => {
    // Already signed in: no reason to sign in again.
    if (context.session?.onboardedAt) {
      throw redirect({ href: safeRedirect(search.redirect) ?? homeOf(context.session.role) })
    }
  },
  head: pageHead('auth:login.title'),
  component: function LoginRoute() {
    return <LoginPage redirect={Route.useSearch().redirect ?? ''} />
  },
})
