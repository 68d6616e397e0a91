import { describe, expect, it } from 'vitest'

import { type Permission, ROLES, roles, statements } from './permissions'
import { roleCan } from './role-matrix'

/** The organization defaults of the specification (section 6): every role is denied all of them. */
const ORGANIZATION_DEFAULTS = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
}
const NONE = { organization: [], member: [], invitation: [], team: [] }

/** The matrix of docs/product.md#permissions, cell by cell. */
const SPEC: Record<string, Record<string, string[]>> = {
  admin: {
    user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password'],
    session: ['list', 'revoke', 'delete'],
    account: ['update'],
    apps: ['app', 'manager'],
    book: ['read', 'create', 'update', 'delete'],
    genre: ['read'],
    job: ['list', 'retry', 'cancel'],
    ...NONE,
  },
  user: {
    user: [],
    session: [],
    account: ['update'],
    apps: ['app'],
    book: ['read'],
    genre: ['read'],
    job: [],
    ...NONE,
  },
}

describe('the permission matrix', () => {
  it('has exactly the roles admin and user', () => {
    expect([...ROLES].sort()).toEqual(['admin', 'user'])
  })

  it("holds the specification's resources, the organization, member, invitation and team defaults among them", () => {
    expect(Object.keys(statements).sort()).toEqual(Object.keys(SPEC.admin!).sort())
    for (const [resource, actions] of Object.entries(ORGANIZATION_DEFAULTS)) {
      expect([...(statements as Record<string, readonly string[]>)[resource]!].sort(), resource).toEqual(
        [...actions].sort(),
      )
    }
  })

  for (const [role, resources] of Object.entries(SPEC)) {
    for (const [resource, allowed] of Object.entries(resources)) {
      const actions = (statements as Record<string, readonly string[]>)[resource] ?? []
      for (const action of actions) {
        // `get`, `update` and `set-email` on user are the admin plugin's own reads
        // and edits, implied by the product's management rights (not in its table).
        if (role === 'admin' && resource === 'user' && ['get', 'update', 'set-email'].includes(action)) continue
        const expected = allowed.includes(action)
        it(`${role} ${expected ? 'may' : 'may not'} ${resource}:${action}`, () => {
          expect(roleCan(role, { [resource]: [action] } as Permission)).toBe(expected)
        })
      }
    }
  }

  it('grants nothing to an unknown or missing role', () => {
    expect(roleCan('superuser', { book: ['read'] })).toBe(false)
    expect(roleCan(null, { apps: ['app'] })).toBe(false)
    expect(roleCan(undefined, { apps: ['app'] })).toBe(false)
  })

  it('needs every listed action', () => {
    expect(roleCan('user', { book: ['read', 'delete'] })).toBe(false)
    expect(roleCan('admin', { book: ['read', 'delete'], apps: ['manager'] })).toBe(true)
  })
})

describe('the grants without the access-control module (role-matrix.ts)', () => {
  it("answers as the auth service's roles for every role, resource and action, alone and together", () => {
    for (const role of ROLES) {
      const all: Record<string, string[]> = {}
      for (const [resource, actions] of Object.entries(statements)) {
        for (const action of actions) {
          const permission = { [resource]: [action] } as Permission
          expect(roleCan(role, permission), `${role} ${resource}:${action}`).toBe(
            roles[role].authorize(permission).success,
          )
        }
        all[resource] = [...actions]
        expect(roleCan(role, { [resource]: [...actions] })).toBe(
          roles[role].authorize({ [resource]: [...actions] } as Permission).success,
        )
      }
      expect(roleCan(role, all)).toBe(roles[role].authorize(all as Permission).success)
    }
    expect(roleCan('toString', { book: ['read'] })).toBe(false)
  })
})
