import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { WelcomePage } from '@/features/shell/welcome-page'

export const Route = createFileRoute('/app/')({
  head: pageHead('pages.home'),
  component: function AppHome() {
    return <WelcomePage user={Route.useRouteContext().user} />
  },
})
