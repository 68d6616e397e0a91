import { createFileRoute } from '@tanstack/react-router'

import { appOpenApiDocument } from '@/server/api/docs.server'

/** The application API's OpenAPI document, read by the reference page at /api/docs. */
export const Route = createFileRoute('/api/openapi.json')({
  server: {
    handlers: {
      GET: async () => Response.json(await appOpenApiDocument()),
    },
  },
})
