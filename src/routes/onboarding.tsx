import { createFileRoute, redirect } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { homeOf, safeRedirect } from '@/features/auth'
import { postOnboarding } from '@/features/auth/form-posts.server'
import { OnboardingPage } from '@/features/auth/onboarding-page'
import { postedFormResult } from '@/lib/forms/form-result'
import { redirectSearch } from '@/lib/search-params'

export const Route = createFileRoute('/onboarding')({
  // The form posted before its script ran, or without one.
  server: { handlers: { POST: postOnboarding } },
  validateSearch: redirectSearch,
  beforeLoad: ({ context, search, location }) => {
    if (!context.session) throw redirect({ to: '/login', search: { redirect: location.href } })
    if (context.session.onboardedAt) {
      throw redirect({ href: safeRedirect(search.redirect) ?? homeOf(context.session.role) })
    }
    return { user: context.session }
  },
  loader: (options) => ({ posted: postedFormResult(options) }),
  head: pageHead('auth:onboarding.title'),
  component: function OnboardingRoute() {
    const { redirect: target } = Route.useSearch()
    const { user } = Route.useRouteContext()
    return (
      <OnboardingPage redirect={target} role={user.role} email={user.email} posted={Route.useLoaderData().posted} />
    )
  },
})
