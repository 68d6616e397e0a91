import { createFileRoute } from '@tanstack/react-router'

import { DashboardPage } from '@/features/dashboard/dashboard-page'
import { dashboardQueries } from '@/features/dashboard/queries'
import { pageHead } from '@/features/shell/head'

export const Route = createFileRoute('/manager/dashboard')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(dashboardQueries.summary())
  },
  head: pageHead('pages.dashboard'),
  component: function ManagerDashboard() {
    const { user } = Route.useRouteContext()
    return <DashboardPage userName={user.name} />
  },
})
