import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { accountQueries, accountRouteSearch } from '@/features/account'
import { AccountPage } from '@/features/account/account-page'

export const Route = createFileRoute('/app/account')({
  ...accountRouteSearch,
  // The sessions are in the server's HTML: fetched after hydration, their list would push the
  // sign-out button down under a person's finger.
  loader: ({ context }) => context.queryClient.prefetchQuery(accountQueries.sessions()),
  head: pageHead('pages.account'),
  component: function AppAccount() {
    return <AccountPage user={Route.useRouteContext().user} search={Route.useSearch()} />
  },
})
