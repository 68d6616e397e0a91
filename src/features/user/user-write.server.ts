import { idInputSchema, successSchema } from '@/lib/api-schemas'
import { withPermission } from '@/server/api/procedure.server'

import { callAdminRoute } from './auth-service.server'
import { userFormSchema, userSchema, userUpdateInputSchema } from './schema'
import { findUser, TAGS } from './user-read.server'

export const create = withPermission({ user: ['create'] }, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS')
  .route({ method: 'POST', path: '/users', successStatus: 201, summary: 'Create a user', tags: TAGS })
  .input(userFormSchema)
  .output(userSchema)
  .handler(async ({ context, input }) => {
    const created = await callAdminRoute<{ user: { id: string } }>(context, '/admin/create-user', {
      name: input.name,
      email: input.email,
      role: input.role,
    })
    return findUser(context, created.user.id)
  })

/**
 * Name and e-mail (a new address is not verified yet), then the role (never
 * one's own): a taken address is refused before the role changes.
 */
export const update = withPermission({ user: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS')
  .route({ method: 'PUT', path: '/users/{id}', summary: 'Update a user', tags: TAGS })
  .input(userUpdateInputSchema)
  .output(userSchema)
  .handler(async ({ context, input }) => {
    const current = await findUser(context, input.id)
    const data: Record<string, unknown> = {}
    if (input.name !== current.name) data.name = input.name
    if (input.email.toLowerCase() !== current.email) Object.assign(data, { email: input.email, emailVerified: false })
    if (Object.keys(data).length > 0) {
      await callAdminRoute(context, '/admin/update-user', { userId: input.id, data })
    }
    if (input.role !== current.role) {
      await callAdminRoute(context, '/admin/set-role', { userId: input.id, role: input.role })
    }
    return findUser(context, input.id)
  })

export const remove = withPermission({ user: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS')
  .route({ method: 'DELETE', path: '/users/{id}', summary: 'Delete a user (never oneself)', tags: TAGS })
  .input(idInputSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    await callAdminRoute(context, '/admin/remove-user', { userId: input.id })
    return { success: true }
  })
