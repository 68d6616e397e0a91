import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireManagerAccess } from '@/features/auth/guards'
import { AreaPlaceholder } from '@/features/shell/area-placeholder'
import { ErrorPage } from '@/features/shell/error-page'

export const Route = createFileRoute('/manager')({
  beforeLoad: (input) => ({ user: requireManagerAccess(input) }),
  errorComponent: ErrorPage,
  component: function ManagerLayout() {
    const { user } = Route.useRouteContext()
    return (
      <AreaPlaceholder area="manager" user={user}>
        <Outlet />
      </AreaPlaceholder>
    )
  },
})
