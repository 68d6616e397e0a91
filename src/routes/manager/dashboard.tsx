import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { dashboardQueries } from '@/features/dashboard'
import { DashboardPage } from '@/features/dashboard/dashboard-page'

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
