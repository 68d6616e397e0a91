import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { accountRouteOptions } from '@/features/account'
import { AccountPage } from '@/features/account/account-page'

export const Route = createFileRoute('/manager/account')({
  ...accountRouteOptions,
  head: pageHead('pages.account'),
  component: function ManagerAccount() {
    return <AccountPage user={Route.useRouteContext().user} search={Route.useSearch()} />
  },
})
