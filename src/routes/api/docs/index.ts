import { createFileRoute } from '@tanstack/react-router'

import { API_DOCS_CONTENT_SECURITY_POLICY, apiDocsHtml } from '@/server/api/docs.server'

/** The API reference (Swagger UI), open to anyone: docs/decisions/010-api-documentation.md. */
export const Route = createFileRoute('/api/docs/')({
  server: {
    handlers: {
      GET: async ({ request }) =>
        new Response(await apiDocsHtml(request), {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            vary: 'cookie, accept-language',
            'content-security-policy': API_DOCS_CONTENT_SECURITY_POLICY,
          },
        }),
    },
  },
})
