import { and, count, desc, eq, gt, sql } from 'drizzle-orm'

import { idInputSchema, successSchema } from '@/lib/api-schemas'
import { withPermission } from '@/server/api/procedure.server'
import { session } from '@/server/db/schema'
import { apiError } from '@/server/http/api-errors.server'
import { allOf, beforeCursor, toPage } from '@/server/lists/keyset.server'
import { exactCount, pageWithTotal } from '@/server/lists/totals.server'
import { describeDevice } from '@/server/platform/device.server'

import { callAdminRoute } from './auth-service.server'
import { sessionInputSchema, sessionPageSchema, userPageInputSchema } from './schema'
import { findUser, TAGS } from './user-read.server'

/** The user's live sessions, most recently active first; identified by id, never by token. */
export const sessions = withPermission({ session: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS')
  .route({ method: 'GET', path: '/users/{id}/sessions', summary: "List a user's sessions", tags: TAGS })
  .input(userPageInputSchema)
  .output(sessionPageSchema)
  .handler(async ({ context, input }) => {
    await findUser(context, input.id)
    const live = and(eq(session.userId, input.id), gt(session.expiresAt, sql`now()`))
    const { rows, total } = await pageWithTotal(
      input,
      () =>
        context.db
          .select({
            id: session.id,
            userAgent: session.userAgent,
            ipAddress: session.ipAddress,
            impersonatedBy: session.impersonatedBy,
            createdAt: session.createdAt,
            updatedAt: session.updatedAt,
            expiresAt: session.expiresAt,
            sort: sql<string>`${session.updatedAt}::text`,
          })
          .from(session)
          .where(allOf(live, beforeCursor(session.updatedAt, session.id, input.cursor)))
          .orderBy(desc(session.updatedAt), desc(session.id))
          .limit(input.limit + 1),
      () => exactCount(context.db.select({ value: count() }).from(session).where(live)),
    )
    const page = toPage(rows, input.limit, (row) => row.sort)
    return {
      ...page,
      ...total,
      items: page.items.map((row) => {
        // Demo mode: anyone may sign in as the demo admin; other visitors' addresses and devices stay hidden.
        const masked = context.demoMode && row.id !== context.session.id
        return {
          id: row.id,
          device: describeDevice(masked ? null : row.userAgent),
          ipAddress: masked ? null : row.ipAddress,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          current: row.id === context.session.id,
          impersonated: row.impersonatedBy !== null,
        }
      }),
    }
  })

/** Revokes one session, found by id among the user's (the token stays on the server). */
export const revokeSession = withPermission({ session: ['revoke'] }, 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS')
  .route({ method: 'DELETE', path: '/users/{id}/sessions/{sessionId}', summary: 'Revoke a session', tags: TAGS })
  .input(sessionInputSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    const [found] = await context.db
      .select({ token: session.token })
      .from(session)
      .where(and(eq(session.id, input.sessionId), eq(session.userId, input.id)))
    if (!found) throw apiError('NOT_FOUND')
    await callAdminRoute(context, '/admin/revoke-user-session', { sessionToken: found.token })
    return { success: true }
  })

export const revokeSessions = withPermission({ session: ['revoke'] }, 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS')
  .route({ method: 'DELETE', path: '/users/{id}/sessions', summary: "Revoke all of a user's sessions", tags: TAGS })
  .input(idInputSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    await findUser(context, input.id)
    await callAdminRoute(context, '/admin/revoke-user-sessions', { userId: input.id })
    return { success: true }
  })
