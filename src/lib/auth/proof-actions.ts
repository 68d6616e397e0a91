/**
 * The actions a proof of presence confirms (src/server/auth/proof-rules.server.ts
 * says which route or procedure is which). The server names the action in its
 * 403 SESSION_EXPIRED, and the proof dialog shows it (`auth:proof.actions.<name>`),
 * with 'This action cannot be undone' for the irreversible ones only.
 */
export const PROOF_ACTIONS = {
  deleteUser: { irreversible: true },
  createPrivilegedUser: { irreversible: false },
  changeUserEmail: { irreversible: false },
  updateUser: { irreversible: false },
  setRole: { irreversible: false },
  banUser: { irreversible: false },
  impersonateUser: { irreversible: false },
  revokeUserSessions: { irreversible: false },
  removeUserPasskey: { irreversible: true },
  setUserPassword: { irreversible: false },
  deleteAccount: { irreversible: true },
  changeEmail: { irreversible: false },
  addPasskey: { irreversible: false },
  removePasskey: { irreversible: true },
  linkAccount: { irreversible: false },
  unlinkAccount: { irreversible: false },
  changePassword: { irreversible: false },
} as const satisfies Record<string, { irreversible: boolean }>

export type ProofAction = keyof typeof PROOF_ACTIONS

export function isProofAction(value: unknown): value is ProofAction {
  return typeof value === 'string' && Object.hasOwn(PROOF_ACTIONS, value)
}

/** The code of the refusal of what an admin may not do as the user they impersonate. */
export const NOT_WHILE_IMPERSONATING = 'NOT_WHILE_IMPERSONATING'
