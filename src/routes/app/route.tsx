import { createFileRoute, Outlet } from '@tanstack/react-router'

import { requireOnboardedUser } from '@/features/auth/guards'
import { AppLayout } from '@/features/shell/app-layout'
import { ErrorPage } from '@/features/shell/error-page'
import { NotFoundPage } from '@/features/shell/not-found-page'

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
