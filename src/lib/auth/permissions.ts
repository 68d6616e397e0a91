import { createAccessControl } from 'better-auth/plugins/access'
import { defaultStatements } from 'better-auth/plugins/admin/access'

import { ROLE_GRANTS, roleCan as plainRoleCan } from './role-matrix'

/**
 * The permission matrix (docs/product.md#permissions), shared by the server (which
 * enforces it) and the client (which only uses it to hide what cannot work).
 */
export const statements = {
  ...defaultStatements,
  account: ['update'],
  apps: ['app', 'manager'],
  book: ['read', 'create', 'update', 'delete'],
  genre: ['read'],
} as const

export const ac = createAccessControl(statements)

export const roles = {
  admin: ac.newRole(ROLE_GRANTS.admin),
  user: ac.newRole(ROLE_GRANTS.user),
}

export type Role = keyof typeof roles
export const ROLES = Object.keys(roles) as Role[]

type Statements = typeof statements
export type Permission = { [K in keyof Statements]?: Array<Statements[K][number]> }

/** Whether `role` may do every action listed in `permission` (./role-matrix.ts, without the access-control module). */
export function roleCan(role: string | null | undefined, permission: Permission): boolean {
  return plainRoleCan(role, permission)
}
