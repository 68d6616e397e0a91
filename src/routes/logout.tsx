import { createFileRoute, redirect } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { homeOf, safeRedirect } from '@/features/auth'
import { postLogout } from '@/features/auth/form-posts.server'
import { SignOutPage } from '@/features/auth/sign-out-page'
import { postedFormResult } from '@/lib/forms/form-result'
import { redirectSearch } from '@/lib/search-params'

export const Route = createFileRoute('/logout')({
  // The confirmation's form: signs out, then the login page.
  server: { handlers: { POST: postLogout } },
  validateSearch: redirectSearch,
  beforeLoad: ({ context }) => {
    if (!context.session) throw redirect({ to: '/login' })
    return { role: context.session.role }
  },
  loader: (options) => ({ posted: postedFormResult(options) }),
  head: pageHead('ui:signOut.title'),
  component: function LogoutRoute() {
    const { role } = Route.useRouteContext()
    const back = safeRedirect(Route.useSearch().redirect) ?? homeOf(role)
    return <SignOutPage back={back} posted={Route.useLoaderData().posted} />
  },
})
