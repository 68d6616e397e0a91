import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireOnboardedUser } from '@/features/auth/guards'
import { AreaPlaceholder } from '@/features/shell/area-placeholder'

export const Route = createFileRoute('/app')({
  beforeLoad: (input) => ({ user: requireOnboardedUser(input) }),
  component: function AppLayout() {
    const { user } = Route.useRouteContext()
    return (
      <AreaPlaceholder area="app" user={user}>
        <Outlet />
      </AreaPlaceholder>
    )
  },
})
