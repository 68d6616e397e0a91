import { createFileRoute, Outlet } from '@tanstack/react-router'

import { requireManagerAccess } from '@/features/auth/guards'
import { ErrorPage } from '@/features/shell/error-page'
import { ManagerLayout } from '@/features/shell/manager-layout'
import { NotFoundPage } from '@/features/shell/not-found-page'

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
