/**
 * The administrative actions the audit trail records (shown on a user's
 * detail page as `user:audit.actions.<action>`).
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.set-role',
  'user.set-password',
  'user.ban',
  'user.unban',
  'user.impersonate',
  'user.stop-impersonating',
  'session.revoke',
  'session.revoke-all',
  'user.proof',
  'passkey.add',
  'passkey.remove',
] as const

export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** Our own rule on top of the auth service's admin rules (same shape as its codes). */
export const OWN_ROLE_ERROR_CODE = 'YOU_CANNOT_CHANGE_YOUR_OWN_ROLE'
