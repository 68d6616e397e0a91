import { createAccessControl } from 'better-auth/plugins/access'
import { defaultStatements } from 'better-auth/plugins/admin/access'
import { defaultStatements as organizationDefaults } from 'better-auth/plugins/organization/access'

import { ROLE_GRANTS } from './role-matrix'

/**
 * The permission matrix (docs/product.md#permissions) as better-auth's access
 * control: the auth service's roles, built from ./role-matrix.ts's grants.
 * Whether a role may do something is asked of `roleCan` there, on the server
 * (which enforces it) as in the browser (which only hides what cannot work).
 */
export const statements = {
  ...defaultStatements,
  account: ['update'],
  apps: ['app', 'manager'],
  book: ['read', 'create', 'update', 'delete'],
  genre: ['read'],
  job: ['list', 'retry', 'cancel'],
  // The auth library's organization defaults, as client-side defaults only
  // (docs/product.md#permissions): no role of the product holds any of them.
  organization: organizationDefaults.organization,
  member: organizationDefaults.member,
  invitation: organizationDefaults.invitation,
  team: organizationDefaults.team,
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
