import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { dashboardQueries } from '@/features/dashboard'
import { DashboardPage } from '@/features/dashboard/dashboard-page'
import { vitalsQueries } from '@/features/vitals'
import { VitalsSection } from '@/features/vitals/vitals-page'

export const Route = createFileRoute('/manager/dashboard')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(dashboardQueries.summary()),
      context.queryClient.ensureQueryData(vitalsQueries.summary()),
    ])
  },
  head: pageHead('pages.dashboard'),
  component: function ManagerDashboard() {
    const { user } = Route.useRouteContext()
    return (
      <DashboardPage userName={user.name}>
        <VitalsSection />
      </DashboardPage>
    )
  },
})
