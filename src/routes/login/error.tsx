import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { LoginErrorPage, loginErrorTitle, toLoginError } from '@/features/auth/login-error-page'
import { optionalString } from '@/lib/search-params'

export const Route = createFileRoute('/login/error')({
  validateSearch: (search: { error?: unknown }) => ({ error: optionalString(search.error) }),
  head: (context) => pageHead(loginErrorTitle(toLoginError(context.match.search.error)))(context),
  component: function LoginErrorRoute() {
    return <LoginErrorPage error={toLoginError(Route.useSearch().error)} />
  },
})
