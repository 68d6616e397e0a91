import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
import { z } from 'zod'

import { idInputSchema, successSchema } from '@/lib/api-schemas'
import { passkeySchema } from '@/lib/auth/passkey-schema'
import { callAuthService } from '@/server/api/auth-service.server'
import { authedProcedure, withPermission } from '@/server/api/procedure.server'
import { listPasskeys, ownsPasskey } from '@/server/auth/passkeys.server'
import { session } from '@/server/db/schema'
import { apiError } from '@/server/http/api-errors.server'
import { describeDevice } from '@/server/platform/device.server'

import { ownSessionSchema } from './sessions'

const TAGS = ['Account']

/** The caller's unexpired sessions, most recently active first, the current one marked; never a token. */
const sessions = authedProcedure
  .route({ method: 'GET', path: '/account/sessions', summary: 'My active sessions', tags: TAGS })
  .output(z.array(ownSessionSchema))
  .handler(async ({ context }) => {
    const rows = await context.db
      .select({
        id: session.id,
        userAgent: session.userAgent,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
      })
      .from(session)
      .where(and(eq(session.userId, context.user.id), gt(session.expiresAt, sql`now()`)))
      .orderBy(desc(session.updatedAt), desc(session.id))
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === context.session.id,
      device: describeDevice(row.userAgent),
    }))
  })

/**
 * Signs one of the caller's other devices out, by session id: the token is
 * looked up here and handed to the auth service's revoke-session, never sent
 * to the browser. Another user's session, an unknown id or the current one
 * (that is signing out) are not found.
 */
const revokeSession = withPermission({ account: ['update'] })
  .route({ method: 'DELETE', path: '/account/sessions/{id}', summary: 'Sign another of my devices out', tags: TAGS })
  .input(idInputSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    const [target] = await context.db
      .select({ token: session.token })
      .from(session)
      .where(and(eq(session.id, input.id), eq(session.userId, context.user.id), ne(session.id, context.session.id)))
    if (!target) throw apiError('NOT_FOUND')
    await callAuthService(context, '/revoke-session', { token: target.token })
    return { success: true }
  })

/**
 * Signs every other device of the caller out (better-auth's
 * revoke-other-sessions, through the auth service's door): the current
 * session stays.
 */
const revokeOtherSessions = withPermission({ account: ['update'] })
  .route({ method: 'DELETE', path: '/account/sessions', summary: 'Sign all my other devices out', tags: TAGS })
  .output(successSchema)
  .handler(async ({ context }) => {
    await callAuthService(context, '/revoke-other-sessions', {})
    return { success: true }
  })

/** The caller's passkeys (added in the browser through the auth service's passkey routes). */
const passkeys = authedProcedure
  .route({ method: 'GET', path: '/account/passkeys', summary: 'My passkeys', tags: TAGS })
  .output(z.array(passkeySchema))
  .handler(({ context }) => listPasskeys(context.db, context.user.id))

/**
 * Removes one of the caller's passkeys through the auth service's
 * delete-passkey (its hooks: demo mode, the last passkey's proof of presence,
 * the audit trail, the notice e-mail). Another's passkey is not found.
 */
const removePasskey = withPermission({ account: ['update'] })
  .route({ method: 'DELETE', path: '/account/passkeys/{id}', summary: 'Remove one of my passkeys', tags: TAGS })
  .input(idInputSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    if (!(await ownsPasskey(context.db, context.user.id, input.id))) throw apiError('NOT_FOUND')
    await callAuthService(context, '/passkey/delete-passkey', { id: input.id })
    return { success: true }
  })

export const accountRouter = { sessions, revokeSession, revokeOtherSessions, passkeys, removePasskey }
