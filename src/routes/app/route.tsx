import { createFileRoute, Outlet } from '@tanstack/react-router'

import { AppLayout } from '@/components/layout/app-layout'
import { ErrorPage } from '@/components/layout/error-page'
import { NotFoundPage } from '@/components/layout/not-found-page'
import { requireOnboardedUser } from '@/features/auth'

export const Route = createFileRoute('/app')({
  beforeLoad: (input) => ({ user: requireOnboardedUser(input) }),
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
  component: function AppRoute() {
    return (
      <AppLayout>
        <Outlet />
      </AppLayout>
    )
  },
})
