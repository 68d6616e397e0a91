import { createFileRoute, redirect } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { postVerify } from '@/features/auth/form-posts.server'
import { VerifyPage } from '@/features/auth/verify-page'
import { postedFormResult } from '@/lib/forms/form-result'
import { loadApi } from '@/lib/lazy-api'
import { emailOrEmpty, optionalString } from '@/lib/search-params'

export const Route = createFileRoute('/login/verify')({
  // The form posted before its script ran, or without one.
  server: { handlers: { POST: postVerify } },
  validateSearch: (search: { email?: unknown; redirect?: unknown }) => ({
    email: emailOrEmpty(search.email),
    redirect: optionalString(search.redirect),
  }),
  loaderDeps: ({ search }) => ({ email: search.email }),
  // Demo mode, demo accounts only: the pending code, shown on the page.
  beforeLoad: ({ search }) => {
    // Without a well-formed e-mail there is no code to ask for.
    if (!search.email) throw redirect({ to: '/login', search: { redirect: search.redirect } })
  },
  loader: async (options) => ({
    hint: await (await loadApi()).demo.hint({ email: options.deps.email }),
    posted: postedFormResult(options),
  }),
  head: pageHead('auth:verify.title'),
  component: function VerifyRoute() {
    const { email, redirect } = Route.useSearch()
    const { hint, posted } = Route.useLoaderData()
    return <VerifyPage email={email} redirect={redirect} demoCode={hint?.code} posted={posted} />
  },
})
