import { createFileRoute, redirect } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { homeOf, safeRedirect } from '@/features/auth'
import { postLogin } from '@/features/auth/form-posts.server'
import { LoginPage } from '@/features/auth/login-page'
import { postedFormResult } from '@/lib/forms/form-result'
import { loadApi } from '@/lib/lazy-api'
import { redirectSearch } from '@/lib/search-params'

export const Route = createFileRoute('/login/')({
  // The form posted before its script ran, or without one.
  server: { handlers: { POST: postLogin } },
  validateSearch: redirectSearch,
  beforeLoad: ({ context, search }) => {
    // Already signed in (e.g. back from a social provider): no reason to sign in again.
    if (context.session?.onboardedAt) {
      throw redirect({ href: safeRedirect(search.redirect) ?? homeOf(context.session.role) })
    }
    if (context.session) {
      throw redirect({ to: '/onboarding', search: { redirect: safeRedirect(search.redirect) } })
    }
  },
  // The variant (login only or sign-up), the social providers; demo mode: the demo accounts to pick from.
  loader: async (loaderOptions) => {
    const api = await loadApi()
    const [demo, options] = await Promise.all([api.demo.info(), api.auth.signInOptions()])
    return { accounts: demo.accounts, options, posted: postedFormResult(loaderOptions) }
  },
  head: pageHead('auth:login.title'),
  component: function LoginRoute() {
    const { accounts, options, posted } = Route.useLoaderData()
    return (
      <LoginPage
        redirect={Route.useSearch().redirect ?? ''}
        demoAccounts={accounts}
        options={options}
        posted={posted}
      />
    )
  },
})
