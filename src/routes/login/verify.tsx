import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from '@/lib/i18n/zod'
import { VerifyPage } from '@/features/auth/verify-page'
import { pageHead } from '@/features/shell/head'
import { api } from '@/lib/orpc'

export const Route = createFileRoute('/login/verify')({
  validateSearch: z.object({
    email: z.email().catch(''),
    redirect: z.string().optional().catch(undefined),
  }),
  beforeLoad: ({ search }) => {
    // Without a well-formed e-mail there is no code to ask for.
    if (!search.email) throw redirect({ to: '/login', search: { redirect: search.redirect } })
  },
  // Demo mode, demo accounts only: the pending code, shown on the page.
  loaderDeps: ({ search }) => ({ email: search.email }),
  loader: ({ deps }) => api.demo.hint({ email: deps.email }),
  head: pageHead('auth:verify.title'),
  component: function VerifyRoute() {
    const { email, redirect } = Route.useSearch()
    const hint = Route.useLoaderData()
    return <VerifyPage email={email} redirect={redirect} demoCode={hint?.code} />
  },
})
