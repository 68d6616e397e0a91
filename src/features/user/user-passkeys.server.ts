import { and, eq } from 'drizzle-orm'
import { z } from 'zod'

import { idInputSchema, successSchema } from '@/lib/api-schemas'
import { passkeySchema } from '@/lib/auth/passkey-schema'
import { withPermission } from '@/server/api/procedure.server'
import { storedLanguage } from '@/server/auth/notice-hooks.server'
import { passkeyChanged } from '@/server/auth/passkey-hooks.server'
import { listPasskeys } from '@/server/auth/passkeys.server'
import { passkey, user } from '@/server/db/schema'
import { apiError } from '@/server/http/api-errors.server'

import { passkeyInputSchema } from './schema'
import { findUser, TAGS } from './user-read.server'

/** The user's passkeys (name, where they live, added, last used); never their keys. */
export const passkeys = withPermission({ user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER')
  .route({ method: 'GET', path: '/users/{id}/passkeys', summary: "List a user's passkeys", tags: TAGS })
  .input(idInputSchema)
  .output(z.array(passkeySchema))
  .handler(async ({ context, input }) => {
    await findUser(context, input.id)
    return listPasskeys(context.db, input.id)
  })

/** Removes one of the user's passkeys (a lost device), recorded in the audit trail. */
export const removePasskey = withPermission({ user: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS')
  .route({ method: 'DELETE', path: '/users/{id}/passkeys/{passkeyId}', summary: "Remove a user's passkey", tags: TAGS })
  .input(passkeyInputSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    const [owner] = await context.db.select({ language: user.language }).from(user).where(eq(user.id, input.id))
    // The removal, its audit entry and the notice to the owner (in their language, not the admin's): one transaction.
    const done = await passkeyChanged(
      context.db,
      { passkeyId: input.passkeyId, language: storedLanguage(owner?.language), ip: context.clientIp ?? null },
      async (tx) => {
        const [removed] = await tx
          .delete(passkey)
          .where(and(eq(passkey.id, input.passkeyId), eq(passkey.userId, input.id)))
          .returning({ name: passkey.name })
        if (!removed) return
        const by = { userId: context.user.id, impersonatedBy: context.session.impersonatedBy }
        return { action: 'passkey.remove', by, userId: input.id, name: removed.name } as const
      },
    )
    if (!done) throw apiError('NOT_FOUND')
    return { success: true }
  })
