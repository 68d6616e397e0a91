import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { createIsomorphicFn, getGlobalStartContext } from '@tanstack/react-start'

import { ErrorPage } from '@/components/layout/error-page'
import { retryQuery } from '@/lib/api-status'
import { DEFAULT_LANGUAGE, toLanguage } from '@/lib/i18n/config'
import { hasPageMessages, loadPageMessages } from '@/lib/i18n/messages'

import { routeTree } from './routeTree.gen'

/**
 * The Content-Security-Policy nonce of this page (src/server/http/security-headers.server.ts):
 * the server's from the request pipeline; the browser's from the page, where
 * the router's <HeadContent> wrote it, so the hydrated head stays the same.
 */
const cspNonce = createIsomorphicFn()
  .server(() => {
    try {
      return (getGlobalStartContext() as { nonce?: string } | undefined)?.nonce
    } catch {
      return undefined
    }
  })
  .client(() => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.content || undefined)

/**
 * The router's scroll restoration, except when the page hydrates. The server's page carries the
 * router's inline script that places it as it is parsed (where it was last left, else its top);
 * placing it again at hydration, seconds after the paint on a phone, would throw a person who
 * scrolled meanwhile back to the top, away from what they were about to touch.
 */
function scrollRestorationAfterHydration() {
  let hydrated = false
  return () => {
    if (typeof window === 'undefined' || hydrated) return true
    hydrated = true
    return false
  }
}

/** Route data and query defaults (docs/product.md#constants). */
export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryQuery,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
        // The server's HTML brings each page's data: it is not fetched again as the page hydrates.
        staleTime: 10_000,
      },
    },
  })
  const router = createRouter({
    routeTree,
    context: { queryClient, session: null },
    scrollRestoration: scrollRestorationAfterHydration(),
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    defaultStaleTime: 0,
    defaultGcTime: 5 * 60 * 1000,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    // Every route has the error boundary, so an error shows inside its area's layout.
    defaultErrorComponent: ErrorPage,
    // Every script and style the router writes carries it.
    ssr: { nonce: cspNonce() },
  })
  // A signed-in page's data does not carry the translations (src/routes/__root.tsx, decision 046):
  // the server says so, and the browser reads its language's (<html lang>) from its own chunks
  // before it hydrates.
  router.options.dehydrate = () => ({ messagesInPage: hasPageMessages(router.state.matches[0]?.loaderData) })
  router.options.hydrate = async (dehydrated: { messagesInPage?: boolean } | undefined) => {
    if (!dehydrated?.messagesInPage)
      await loadPageMessages(toLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE)
  }
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
