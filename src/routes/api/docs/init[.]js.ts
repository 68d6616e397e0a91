import { createFileRoute } from '@tanstack/react-router'

import { API_DOCS_SCRIPT } from '@/server/api/docs.server'

/** The reference page's initialiser, a file of its own so the page runs no inline script. */
export const Route = createFileRoute('/api/docs/init.js')({
  server: {
    handlers: {
      GET: () =>
        new Response(API_DOCS_SCRIPT, {
          headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' },
        }),
    },
  },
})
