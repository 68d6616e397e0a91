import { roleCan } from '@/lib/auth/role-matrix'

/** What a role may do with books (the UI hides the rest; the server enforces it). */
export function bookPermissions(role: string | null | undefined) {
  return {
    create: roleCan(role, { book: ['create'] }),
    update: roleCan(role, { book: ['update'] }),
    delete: roleCan(role, { book: ['delete'] }),
  }
}
export type BookPermissions = ReturnType<typeof bookPermissions>
