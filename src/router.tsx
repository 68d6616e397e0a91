import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { ErrorPage } from '@/features/shell/error-page'
import { retryQuery } from '@/lib/api-error'
import { routeTree } from './routeTree.gen'

/** Route data and query defaults from the spec (section 9). */
export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryQuery,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
      },
    },
  })
  const router = createRouter({
    routeTree,
    context: { queryClient, session: null },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    defaultStaleTime: 0,
    defaultGcTime: 5 * 60 * 1000,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    // Every route has the error boundary, so an error shows inside its area's layout.
    defaultErrorComponent: ErrorPage,
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
