import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod'
import { LoginPage } from '@/features/auth/login-page'
import { homeOf, safeRedirect } from '@/features/auth/redirect'
import { getDemoInfo } from '@/features/demo/demo.functions'
import { pageHead } from '@/features/shell/head'

export const Route = createFileRoute('/login/')({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: ({ context, search }) => {
    // Already signed in: no reason to sign in again.
    if (context.session?.onboardedAt) {
      throw redirect({ href: safeRedirect(search.redirect) ?? homeOf(context.session.role) })
    }
  },
  // Demo mode: the login-only variant, with the demo accounts to pick from.
  loader: () => getDemoInfo(),
  head: pageHead('auth:login.title'),
  component: function LoginRoute() {
    const { accounts } = Route.useLoaderData()
    return <LoginPage redirect={Route.useSearch().redirect ?? ''} demoAccounts={accounts} />
  },
})
