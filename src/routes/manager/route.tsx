import { createFileRoute, Outlet } from '@tanstack/react-router'

import { ErrorPage } from '@/components/layout/error-page'
import { ManagerLayout } from '@/components/layout/manager-layout'
import { NotFoundPage } from '@/components/layout/not-found-page'
import { requireManagerAccess } from '@/features/auth'

export const Route = createFileRoute('/manager')({
  beforeLoad: (input) => ({ user: requireManagerAccess(input) }),
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
  component: function ManagerRoute() {
    const { user } = Route.useRouteContext()
    return (
      <ManagerLayout user={user}>
        <Outlet />
      </ManagerLayout>
    )
  },
})
