/**
 * The grants of each role (docs/product.md#permissions), as plain data, and
 * the one `roleCan`: the server enforces with it (withPermission, the audit
 * hooks), the browser hides what cannot work and guards the areas with it,
 * without better-auth's access-control module. ./permissions.ts builds the
 * auth service's roles from the same grants; permissions.test.ts holds the
 * two answers together.
 */
export const ROLE_GRANTS = {
  admin: {
    // The product's list, plus what the auth service's admin routes ask for to
    // read a user and to edit one from the user manager (name, e-mail).
    user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password', 'get', 'update', 'set-email'],
    session: ['list', 'revoke', 'delete'],
    account: ['update'],
    apps: ['app', 'manager'],
    book: ['read', 'create', 'update', 'delete'],
    genre: ['read'],
    job: ['list', 'retry', 'cancel'],
  },
  user: {
    account: ['update'],
    apps: ['app'],
    book: ['read'],
    genre: ['read'],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>

/** Whether `role` may do every action listed in `permission` (as better-auth's `authorize`). */
export function roleCan(
  role: string | null | undefined,
  permission: Partial<Record<string, readonly string[]>>,
): boolean {
  if (!role || !Object.hasOwn(ROLE_GRANTS, role)) return false
  const grants: Partial<Record<string, readonly string[]>> = ROLE_GRANTS[role as keyof typeof ROLE_GRANTS]
  return Object.entries(permission).every(([resource, actions]) => {
    const allowed = Object.hasOwn(grants, resource) ? grants[resource] : undefined
    return !!allowed && (actions ?? []).every((action) => allowed.includes(action))
  })
}
