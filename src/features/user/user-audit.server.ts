import { count, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import { withPermission } from '@/server/api/procedure.server'
import { auditLog, user } from '@/server/db/schema'
import { allOf, beforeCursor, toPage } from '@/server/lists/keyset.server'
import { exactCount, pageWithTotal } from '@/server/lists/totals.server'

import { auditPageSchema, userPageInputSchema } from './schema'
import { TAGS } from './user-read.server'

/** The person an admin acted as (an impersonation), beside the actor in an audit row. */
const actedAs = alias(user, 'acted_as')

/** A user named in an audit row, or null when there is none or they are gone. */
const personOf = (id: string | null, name: string | null, email: string | null) =>
  id ? { id, name: name ?? '', email: email ?? '' } : null

/** The administrative actions done to a user, newest first, with who did them (and as whom, impersonating). */
export const audit = withPermission({ user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER')
  .route({ method: 'GET', path: '/users/{id}/audit', summary: "A user's audit trail", tags: TAGS })
  .input(userPageInputSchema)
  .output(auditPageSchema)
  .handler(async ({ context: { db }, input }) => {
    const target = eq(auditLog.targetUserId, input.id)
    const { rows, total } = await pageWithTotal(
      input,
      () =>
        db
          .select({
            id: auditLog.id,
            action: auditLog.action,
            details: auditLog.details,
            ip: auditLog.ip,
            createdAt: auditLog.createdAt,
            sort: sql<string>`${auditLog.createdAt}::text`,
            actorId: user.id,
            actorName: user.name,
            actorEmail: user.email,
            actedAsId: actedAs.id,
            actedAsName: actedAs.name,
            actedAsEmail: actedAs.email,
          })
          .from(auditLog)
          .leftJoin(user, eq(user.id, auditLog.actorId))
          .leftJoin(actedAs, eq(actedAs.id, auditLog.impersonatedUserId))
          .where(allOf(target, beforeCursor(auditLog.createdAt, auditLog.id, input.cursor)))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(input.limit + 1),
      () => exactCount(db.select({ value: count() }).from(auditLog).where(target)),
    )
    const page = toPage(rows, input.limit, (row) => row.sort)
    return {
      ...page,
      ...total,
      items: page.items.map((row) => ({
        id: row.id,
        action: row.action,
        actor: personOf(row.actorId, row.actorName, row.actorEmail),
        actingAs: personOf(row.actedAsId, row.actedAsName, row.actedAsEmail),
        details: row.details,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
      })),
    }
  })
