import { createAccessControl } from 'better-auth/plugins/access'
import { defaultStatements } from 'better-auth/plugins/admin/access'

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
  admin: ac.newRole({
    // The product's list, plus what the auth service's admin routes ask for to
    // read a user and to edit one from the user manager (name, e-mail).
    user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password', 'get', 'update', 'set-email'],
    session: ['list', 'revoke', 'delete'],
    account: ['update'],
    apps: ['app', 'manager'],
    book: ['read', 'create', 'update', 'delete'],
    genre: ['read'],
  }),
  user: ac.newRole({
    account: ['update'],
    apps: ['app'],
    book: ['read'],
    genre: ['read'],
  }),
}

export type Role = keyof typeof roles
export const ROLES = Object.keys(roles) as Role[]

type Statements = typeof statements
export type Permission = { [K in keyof Statements]?: Array<Statements[K][number]> }

/** Whether `role` may do every action listed in `permission`. */
export function roleCan(role: string | null | undefined, permission: Permission): boolean {
  const grants = roles[role as Role]
  if (!grants) return false
  return grants.authorize(permission).success
}
