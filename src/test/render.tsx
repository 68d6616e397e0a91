/**
 * Component tests (jsdom): renders routes in a memory router with the English
 * messages, as the app does, without a server.
 */
import {
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'

import { I18nProvider } from '@/lib/i18n/react'
import { createTestI18n } from '@/lib/i18n/testing'

/** A root route rendering its children, to hang test routes on. */
export function testRootRoute() {
  return createRootRoute({ component: Outlet })
}

/** Renders `routeTree` at `path` and waits for the first load. */
export async function renderRoutes(
  routeTree: AnyRoute,
  {
    path = '/',
    ...options
  }: { path?: string } & Pick<
    Parameters<typeof createRouter>[0],
    'defaultPendingMs' | 'defaultPendingMinMs' | 'defaultNotFoundComponent'
  > = {},
) {
  const i18n = await createTestI18n('en')
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), ...options })
  await router.load()
  const result = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return { router, ...result }
}
