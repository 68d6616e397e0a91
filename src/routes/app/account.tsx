import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { accountRouteOptions } from '@/features/account'
import { AccountPage } from '@/features/account/account-page'

export const Route = createFileRoute('/app/account')({
  ...accountRouteOptions,
  head: pageHead('pages.account'),
  component: function AppAccount() {
    return <AccountPage user={Route.useRouteContext().user} search={Route.useSearch()} />
  },
})
