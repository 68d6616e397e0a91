import { idInputSchema } from '@/lib/api-schemas'
import { withPermission } from '@/server/api/procedure.server'

import { callAdminRoute } from './auth-service.server'
import { banInputSchema, setRoleInputSchema, userSchema } from './schema'
import { findUser, TAGS } from './user-read.server'

export const setRole = withPermission({ user: ['set-role'] }, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE')
  .route({ method: 'PUT', path: '/users/{id}/role', summary: "Set a user's role", tags: TAGS })
  .input(setRoleInputSchema)
  .output(userSchema)
  .handler(async ({ context, input }) => {
    await callAdminRoute(context, '/admin/set-role', { userId: input.id, role: input.role })
    return findUser(context, input.id)
  })

/** Bans a user (never oneself) and ends all their sessions at once. */
export const ban = withPermission({ user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS')
  .route({ method: 'POST', path: '/users/{id}/ban', summary: 'Ban a user', tags: TAGS })
  .input(banInputSchema)
  .output(userSchema)
  .handler(async ({ context, input }) => {
    const banExpiresIn = input.expiresAt
      ? Math.max(1, Math.round((new Date(input.expiresAt).getTime() - Date.now()) / 1000))
      : undefined
    await callAdminRoute(context, '/admin/ban-user', {
      userId: input.id,
      banReason: input.reason || undefined,
      banExpiresIn,
    })
    return findUser(context, input.id)
  })

export const unban = withPermission({ user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS')
  .route({ method: 'POST', path: '/users/{id}/unban', summary: 'Unban a user', tags: TAGS })
  .input(idInputSchema)
  .output(userSchema)
  .handler(async ({ context, input }) => {
    await callAdminRoute(context, '/admin/unban-user', { userId: input.id })
    return findUser(context, input.id)
  })
