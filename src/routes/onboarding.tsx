import { createFileRoute, redirect } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { homeOf, safeRedirect } from '@/features/auth'
import { OnboardingPage } from '@/features/auth/onboarding-page'
import { redirectSearch } from '@/lib/search-params'

export const Route = createFileRoute('/onboarding')({
  validateSearch: redirectSearch,
  beforeLoad: ({ context, search, location }) => {
    if (!context.session) throw redirect({ to: '/login', search: { redirect: location.href } })
    if (context.session.onboardedAt) {
      throw redirect({ href: safeRedirect(search.redirect) ?? homeOf(context.session.role) })
    }
    return { user: context.session }
  },
  head: pageHead('auth:onboarding.title'),
  component: function OnboardingRoute() {
    const { redirect: target } = Route.useSearch()
    const { user } = Route.useRouteContext()
    return <OnboardingPage redirect={target} role={user.role} />
  },
})
