import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '@/features/shell/head'
import { AccountPlaceholder } from '@/features/shell/placeholder-page'

export const Route = createFileRoute('/app/account')({
  head: pageHead('pages.account'),
  component: function AppAccount() {
    return <AccountPlaceholder user={Route.useRouteContext().user} />
  },
})
