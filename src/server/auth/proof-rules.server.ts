import { and, count, eq } from 'drizzle-orm'

import type { ProofAction } from '@/lib/auth/proof-actions'
import type { Database } from '@/server/db/client.server'
import { passkey, user } from '@/server/db/schema'

/**
 * One classification of every route of both doors (decision 035): each of
 * better-auth's endpoints (every plugin's, by template path) and each app API
 * procedure (by its path in the router) is
 * - `public`: no session needed (signing in, reads of the open pages);
 * - `ordinary`: a session is enough;
 * - `proof`: a session whose proof of presence is open (proof.server.ts),
 *   always or only `when` the request says so (a body that sets a role, the
 *   last passkey), with the `action` the proof dialog names.
 * `notWhileImpersonating`: refused while an admin acts as the user (the
 * person's own account, e-mail and sign-in methods stay theirs).
 * proof-rules.integration.test.ts enumerates the live routes and fails on
 * any not classified here; at run time an unclassified one needs the proof.
 */
export type Rule =
  | { access: 'public' }
  | { access: 'ordinary'; notWhileImpersonating?: true }
  | {
      access: 'proof'
      /** What the proof dialog names (none for an unclassified route). */
      action: ProofAction | null
      /** Proof only when this holds (the request's body or input decides); an action names it more precisely. */
      when?: (request: ProofRequest) => Needs | Promise<Needs>
      /** The grant a caller needs at all: without it the route refuses on its own (proof would not help). */
      grant?: Partial<Record<string, readonly string[]>>
      notWhileImpersonating?: true
    }

/** Whether the request needs the proof, or the action it needs it for. */
type Needs = boolean | ProofAction

export interface ProofRequest {
  db: Database
  /** The signed-in caller. */
  userId: string
  /** The auth route's JSON body, or the procedure's input, as sent (not yet validated). */
  body: Record<string, unknown>
}

/** The role an account is created with when none is asked for (auth.server.ts, admin plugin). */
const DEFAULT_ROLE = 'user'

const PUBLIC = { access: 'public' } as const
const ORDINARY = { access: 'ordinary' } as const
const proof = (action: ProofAction, rest: Omit<Extract<Rule, { access: 'proof' }>, 'access' | 'action'> = {}) =>
  ({ access: 'proof', action, ...rest }) as const
/** The person's own sign-in methods and address: proof, and never while impersonated. */
const ownCredential = (action: ProofAction, when?: (request: ProofRequest) => Promise<boolean>) =>
  proof(action, { notWhileImpersonating: true, when })

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
const record = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** Several fields needing the proof: the rule's own action; one: its own. */
function actionOf(fields: ProofAction[]): Needs {
  const kinds = [...new Set(fields)]
  return kinds.length === 1 ? kinds[0]! : kinds.length > 1
}

/** A role other than the default, asked as `role` (a string or a list) or inside `data`. */
function asksPrivilegedRole(body: Record<string, unknown>) {
  const role = body.role ?? record(body.data).role
  return role !== undefined && [role].flat().some((value) => value !== DEFAULT_ROLE)
}

/** admin/update-user: a name or a picture is ordinary; anything else (e-mail, role, ban…) needs the proof. */
const ORDINARY_USER_FIELDS = new Set(['name', 'image'])
const FIELD_ACTIONS: Record<string, ProofAction> = {
  email: 'changeUserEmail',
  emailVerified: 'changeUserEmail',
  role: 'setRole',
  banned: 'banUser',
  banReason: 'banUser',
  banExpires: 'banUser',
}
const setsMoreThanName = ({ body }: ProofRequest) =>
  actionOf(
    Object.keys(record(body.data))
      .filter((field) => !ORDINARY_USER_FIELDS.has(field))
      .map((field) => FIELD_ACTIONS[field] ?? 'updateUser'),
  )

/** Whether `id` is the caller's last passkey (another's, or an unknown id, the route answers itself). */
async function isLastPasskey(db: Database, userId: string, id: unknown) {
  if (typeof id !== 'string') return false
  const owned = await db
    .select({ id: passkey.id })
    .from(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
  if (owned.length === 0) return false
  const [total] = await db.select({ value: count() }).from(passkey).where(eq(passkey.userId, userId))
  return (total?.value ?? 0) <= 1
}

/** user.update: a new e-mail or a new role needs the proof (either one named); a new name does not. */
async function changesEmailOrRole({ db, body }: ProofRequest) {
  const id = text(body.id)
  if (!id) return false
  const [current] = await db.select({ email: user.email, role: user.role }).from(user).where(eq(user.id, id))
  if (!current) return false // the procedure answers NOT_FOUND
  const email = text(body.email)
  const fields: ProofAction[] = []
  if (email === undefined || email.trim().toLowerCase() !== current.email) fields.push('changeUserEmail')
  if (body.role !== current.role) fields.push('setRole')
  return actionOf(fields)
}

/** better-auth's endpoints, every plugin's (auth.server.ts), by template path; every method alike. */
export const AUTH_ROUTE_RULES: Record<string, Rule> = {
  // Signing in and out, codes, the provider round trips, the documents: no session needed.
  '/sign-in/social': PUBLIC,
  '/callback/:id': PUBLIC,
  '/get-session': PUBLIC,
  '/sign-out': PUBLIC,
  '/sign-up/email': PUBLIC,
  '/sign-in/email': PUBLIC,
  '/reset-password': PUBLIC,
  '/request-password-reset': PUBLIC,
  '/reset-password/:token': PUBLIC,
  '/verify-email': PUBLIC,
  '/email-otp/send-verification-otp': PUBLIC,
  '/email-otp/check-verification-otp': PUBLIC,
  '/email-otp/verify-email': PUBLIC,
  '/sign-in/email-otp': PUBLIC,
  '/email-otp/request-password-reset': PUBLIC,
  '/forget-password/email-otp': PUBLIC,
  '/email-otp/reset-password': PUBLIC,
  '/passkey/generate-authenticate-options': PUBLIC,
  '/passkey/verify-authentication': PUBLIC,
  '/open-api/generate-schema': PUBLIC,
  '/reference': PUBLIC,
  '/ok': PUBLIC,
  '/error': PUBLIC,
  // One's own session, name and devices; reads.
  '/verify-password': ORDINARY,
  '/send-verification-email': ORDINARY,
  '/update-session': ORDINARY,
  '/update-user': ORDINARY,
  '/list-sessions': ORDINARY,
  '/revoke-session': ORDINARY,
  '/revoke-sessions': ORDINARY,
  '/revoke-other-sessions': ORDINARY,
  '/list-accounts': ORDINARY,
  '/refresh-token': ORDINARY,
  '/get-access-token': ORDINARY,
  '/account-info': ORDINARY,
  '/passkey/list-user-passkeys': ORDINARY,
  '/passkey/update-passkey': { access: 'ordinary', notWhileImpersonating: true },
  '/admin/get-user': ORDINARY,
  '/admin/list-users': ORDINARY,
  '/admin/list-user-sessions': ORDINARY,
  '/admin/has-permission': ORDINARY,
  '/admin/unban-user': ORDINARY,
  '/admin/stop-impersonating': ORDINARY,
  // One's own account, address and sign-in methods.
  '/delete-user': ownCredential('deleteAccount'),
  '/delete-user/callback': ownCredential('deleteAccount'),
  '/change-email': ownCredential('changeEmail'),
  '/email-otp/request-email-change': ownCredential('changeEmail'),
  '/email-otp/change-email': ownCredential('changeEmail'),
  '/change-password': ownCredential('changePassword'),
  '/link-social': ownCredential('linkAccount'),
  '/unlink-account': ownCredential('unlinkAccount'),
  '/passkey/generate-register-options': ownCredential('addPasskey'),
  '/passkey/verify-registration': ownCredential('addPasskey'),
  '/passkey/delete-passkey': ownCredential('removePasskey', ({ db, userId, body }) =>
    isLastPasskey(db, userId, body.id),
  ),
  // Another account: its address, role, ban, sessions, credentials, existence.
  '/admin/create-user': proof('createPrivilegedUser', {
    grant: { user: ['create'] },
    when: ({ body }) => asksPrivilegedRole(body),
  }),
  '/admin/update-user': proof('updateUser', { grant: { user: ['update'] }, when: setsMoreThanName }),
  '/admin/set-role': proof('setRole', { grant: { user: ['set-role'] } }),
  '/admin/ban-user': proof('banUser', { grant: { user: ['ban'] } }),
  '/admin/impersonate-user': proof('impersonateUser', { grant: { user: ['impersonate'] } }),
  '/admin/revoke-user-session': proof('revokeUserSessions', { grant: { session: ['revoke'] } }),
  '/admin/revoke-user-sessions': proof('revokeUserSessions', { grant: { session: ['revoke'] } }),
  '/admin/remove-user': proof('deleteUser', { grant: { user: ['delete'] } }),
  '/admin/set-user-password': proof('setUserPassword', { grant: { user: ['set-password'] } }),
}

/**
 * The app API's procedures, by path in the router (src/server/api/router.server.ts).
 * The proof is asked before the handler runs, so that a procedure that calls
 * several auth routes changes nothing when one of them would be refused.
 */
export const PROCEDURE_RULES: Record<string, Rule> = {
  'account.sessions': ORDINARY,
  'account.revokeSession': ORDINARY,
  'account.revokeOtherSessions': ORDINARY,
  'account.passkeys': ORDINARY,
  'account.removePasskey': ownCredential('removePasskey', ({ db, userId, body }) => isLastPasskey(db, userId, body.id)),
  'auth.session': PUBLIC,
  'auth.onboard': ORDINARY,
  'auth.signInOptions': PUBLIC,
  'book.list': ORDINARY,
  'book.get': ORDINARY,
  'book.create': ORDINARY,
  'book.update': ORDINARY,
  'book.delete': ORDINARY,
  'dashboard.summary': ORDINARY,
  'demo.info': PUBLIC,
  'demo.hint': PUBLIC,
  'genre.list': ORDINARY,
  'genre.get': ORDINARY,
  'picture.get': PUBLIC,
  'picture.setCover': ORDINARY,
  'picture.removeCover': ORDINARY,
  'picture.setAvatar': ORDINARY,
  'picture.removeAvatar': ORDINARY,
  'jobs.overview': ORDINARY,
  'jobs.retry': ORDINARY,
  'jobs.cancel': ORDINARY,
  'shell.state': PUBLIC,
  'shell.devMailbox': PUBLIC,
  'shell.devGallery': PUBLIC,
  'user.list': ORDINARY,
  'user.get': ORDINARY,
  'user.create': proof('createPrivilegedUser', { when: ({ body }) => asksPrivilegedRole(body) }),
  'user.update': proof('updateUser', { when: changesEmailOrRole }),
  'user.delete': proof('deleteUser'),
  'user.setRole': proof('setRole'),
  'user.ban': proof('banUser'),
  'user.unban': ORDINARY,
  'user.sessions': ORDINARY,
  'user.revokeSession': proof('revokeUserSessions'),
  'user.revokeSessions': proof('revokeUserSessions'),
  'user.passkeys': ORDINARY,
  'user.removePasskey': proof('removeUserPasskey'),
  'user.audit': ORDINARY,
  'vitals.report': PUBLIC,
  'vitals.summary': ORDINARY,
}

/** An unclassified route (the test keeps there being none) is guarded rather than left open. */
const UNCLASSIFIED: Rule = { access: 'proof', action: null, notWhileImpersonating: true }

export const authRouteRule = (path: string): Rule =>
  Object.hasOwn(AUTH_ROUTE_RULES, path) ? AUTH_ROUTE_RULES[path]! : UNCLASSIFIED
export const procedureRule = (path: readonly string[]): Rule => {
  const name = path.join('.')
  return Object.hasOwn(PROCEDURE_RULES, name) ? PROCEDURE_RULES[name]! : UNCLASSIFIED
}

/** Every procedure's path in `router` (`['user', 'delete']` → `user.delete`). */
export function procedurePaths(node: object, prefix: string[] = []): string[] {
  return Object.entries(node).flatMap(([name, child]) =>
    (child as { '~orpc'?: unknown })['~orpc']
      ? [[...prefix, name].join('.')]
      : procedurePaths(child as object, [...prefix, name]),
  )
}

/** The routes no rule classifies: better-auth's template paths (from `auth.api`) and the router's procedures. */
export function unclassifiedRoutes(authPaths: string[], router: object): string[] {
  return [
    ...new Set(authPaths.filter((path) => !Object.hasOwn(AUTH_ROUTE_RULES, path))),
    ...procedurePaths(router).filter((path) => !Object.hasOwn(PROCEDURE_RULES, path)),
  ]
}
