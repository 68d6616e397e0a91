import { audit } from './user-audit.server'
import { passkeys, removePasskey } from './user-passkeys.server'
import { get, list } from './user-read.server'
import { ban, setRole, unban } from './user-roles.server'
import { revokeSession, revokeSessions, sessions } from './user-sessions.server'
import { create, remove, update } from './user-write.server'

/** The admin's user procedures (`user.*`), one file per concern beside this one. */
export const userRouter = {
  list,
  get,
  create,
  update,
  delete: remove,
  setRole,
  ban,
  unban,
  sessions,
  revokeSession,
  revokeSessions,
  passkeys,
  removePasskey,
  audit,
}
