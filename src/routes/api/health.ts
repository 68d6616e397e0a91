import { createFileRoute } from '@tanstack/react-router'
import { sql } from 'drizzle-orm'
import { getDb } from '@/server/db/index.server'

/** For load balancers: 200 when this process can reach its database. */
export const Route = createFileRoute('/api/health')({
  server: {
    handlers: {
      GET: async () => {
        try {
          const db = await getDb()
          await db.execute(sql`select 1`)
          return Response.json({ status: 'ok' })
        } catch {
          return Response.json({ status: 'unavailable' }, { status: 503 })
        }
      },
    },
  },
})
