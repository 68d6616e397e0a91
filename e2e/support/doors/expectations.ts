// Who gets what at every door: the permission matrix of docs/product.md#permissions (the
// grants in src/lib/auth/permissions.ts) written out per route. The routes
// themselves are derived from the code (./derive.ts); a derived route without a
// line here fails `missingExpectations`, so no new door goes unchecked.
import type { Role } from './accounts'
import type { DerivedRoutes } from './derive'

/**
 * - `ok`: let in (2xx for a page; for an API, anything but 401/403: a 400 or 404 on the
 *   walk's placeholder input still means the caller was allowed to ask);
 * - `signIn`: 401 on an API, a redirect to /login?redirect=… on a page;
 * - `forbidden`: 403;
 * - `notFound`: 404 (what does not exist in production);
 * - `redirect`: a page that sends everyone elsewhere (not to sign in);
 * - `any`: no claim on access (a token in the request decides, not the session),
 *   only that the answer is not a failure (< 500).
 */
export type Outcome = 'ok' | 'signIn' | 'forbidden' | 'notFound' | 'redirect' | 'any'
export type Access = Record<Role, Outcome>

const same = (outcome: Outcome): Access => ({ anonymous: outcome, user: outcome, admin: outcome })
/** Anyone, signed in or not. */
const ANYONE = same('ok')
/** Any signed-in role (user and admin share: account update, book and genre read, the app area). */
const SIGNED_IN: Access = { anonymous: 'signIn', user: 'ok', admin: 'ok' }
/** The admin only (user, session, book create/update/delete, the manager area). */
const ADMIN: Access = { anonymous: 'signIn', user: 'forbidden', admin: 'ok' }
/** Decided by a token or code in the request, not by the session. */
const TOKEN = same('any')

export interface PageExpectation {
  access: Access
  /** A query string the page needs to render (e.g. the e-mail of /login/verify). */
  search?: string
}

/** Pages, by route path (`$id` is filled with a real record by the walk). */
export const pageExpectations: Record<string, PageExpectation> = {
  '/': { access: same('redirect') },
  // What the starter is, how to run it (the welcome links' default): public.
  '/about': { access: same('ok') },
  // Whether the login pages redirect a signed-in user is left open by docs/product.md#routes.
  '/login': { access: { anonymous: 'ok', user: 'any', admin: 'any' } },
  '/login/verify': { access: { anonymous: 'ok', user: 'any', admin: 'any' }, search: '?email=doors%40example.com' },
  '/login/error': { access: { anonymous: 'ok', user: 'any', admin: 'any' }, search: '?error=access_denied' },
  // The seeded accounts are onboarded: the page sends them home.
  '/onboarding': { access: { anonymous: 'signIn', user: 'redirect', admin: 'redirect' } },
  // The sign-out question as a page (decision 031): nothing to sign out of without a session.
  '/logout': { access: { anonymous: 'redirect', user: 'ok', admin: 'ok' } },
  '/app': { access: SIGNED_IN },
  '/app/account': { access: SIGNED_IN },
  '/app/books': { access: SIGNED_IN },
  '/app/books/$id': { access: SIGNED_IN },
  // The manager's index sends the admin on to the dashboard.
  '/manager': { access: { anonymous: 'signIn', user: 'forbidden', admin: 'redirect' } },
  '/manager/account': { access: ADMIN },
  '/manager/dashboard': { access: ADMIN },
  '/manager/jobs': { access: ADMIN },
  '/manager/books': { access: ADMIN },
  '/manager/books/new': { access: ADMIN },
  '/manager/books/$id': { access: ADMIN },
  '/manager/books/$id/update': { access: ADMIN },
  '/manager/users': { access: ADMIN },
  '/manager/users/new': { access: ADMIN },
  '/manager/users/$id': { access: ADMIN },
  '/manager/users/$id/update': { access: ADMIN },
  // Development only (no SMTP server): absent from a production build.
  '/dev/mailbox': { access: same('notFound') },
}

/**
 * File routes that answer requests themselves. `procedures` and `auth` mark the
 * catch-all routes whose doors are the procedures and better-auth's endpoints;
 * `form` the pages whose own form posts to them (decision 031), walked as a person
 * does by e2e/no-script.spec.ts (cross-site posts included) and e2e/*.phone.spec.ts.
 */
export const serverRouteExpectations: Record<string, Access | 'procedures' | 'auth' | 'form'> = {
  '/login': 'form',
  '/login/verify': 'form',
  '/onboarding': 'form',
  '/logout': 'form',
  // For load balancers: liveness, readiness (its alias /api/health), unauthenticated.
  '/api/health': ANYONE,
  '/api/health/live': ANYONE,
  '/api/health/ready': ANYONE,
  // For Prometheus: only with the bearer token (METRICS_TOKEN), which no session replaces.
  '/api/metrics': same('signIn'),
  '/api/openapi.json': ANYONE,
  '/api/docs': ANYONE,
  '/api/docs/init.js': ANYONE,
  '/api/rpc/$': 'procedures',
  '/api/rest/$': 'procedures',
  '/api/auth/$': 'auth',
}

/** The app API's procedures (both /api/rpc and /api/rest), by name. */
export const procedureExpectations: Record<string, Access> = {
  // book: read for every role, create/update/delete for the admin.
  'book.list': SIGNED_IN,
  'book.get': SIGNED_IN,
  'book.create': ADMIN,
  'book.update': ADMIN,
  'book.delete': ADMIN,
  // genre: read for every role.
  'genre.list': SIGNED_IN,
  'genre.get': SIGNED_IN,
  // The dashboard shows users and sessions: the manager's.
  'dashboard.summary': ADMIN,
  // user and session: the admin's.
  'user.list': ADMIN,
  'user.get': ADMIN,
  'user.create': ADMIN,
  'user.update': ADMIN,
  'user.delete': ADMIN,
  'user.setRole': ADMIN,
  'user.ban': ADMIN,
  'user.unban': ADMIN,
  'user.sessions': ADMIN,
  'user.revokeSession': ADMIN,
  'user.revokeSessions': ADMIN,
  'user.audit': ADMIN,
  // job: the admin's (the jobs page).
  'jobs.overview': ADMIN,
  'jobs.retry': ADMIN,
  'jobs.cancel': ADMIN,
  'user.passkeys': ADMIN,
  'user.removePasskey': ADMIN,
  // What the server functions become (issue 10, part 1): one's own account and session,
  // the shell's and the sign-in page's public settings.
  'account.sessions': SIGNED_IN,
  'account.revokeSession': SIGNED_IN,
  'account.revokeOtherSessions': SIGNED_IN,
  // Pictures (issue 30): a book's cover is the admin's, one's avatar one's own; seen by anyone signed in.
  'picture.get': SIGNED_IN,
  'picture.setCover': ADMIN,
  'picture.removeCover': ADMIN,
  'picture.setAvatar': SIGNED_IN,
  'picture.removeAvatar': SIGNED_IN,
  'account.passkeys': SIGNED_IN,
  'account.removePasskey': SIGNED_IN,
  'auth.session': ANYONE,
  'auth.onboard': SIGNED_IN,
  'auth.signInOptions': ANYONE,
  'demo.info': ANYONE,
  'demo.hint': ANYONE,
  'shell.state': ANYONE,
  'shell.devMailbox': same('notFound'),
  'shell.devGallery': same('notFound'),
  // Core Web Vitals (issue 31): any page reports, signed in or not; the dashboard's p75 is the manager's.
  'vitals.report': ANYONE,
  'vitals.summary': ADMIN,
}

const adminEndpoints = [
  'set-role',
  'get-user',
  'create-user',
  'update-user',
  'list-users',
  'list-user-sessions',
  'unban-user',
  'ban-user',
  'impersonate-user',
  'revoke-user-session',
  'revoke-user-sessions',
  'remove-user',
  'set-user-password',
]

/** better-auth's endpoints, by path. */
export const authEndpointExpectations: Record<string, Access> = {
  // Signing in and up: open; e-mail and password is off (400), codes and providers decide.
  '/api/auth/sign-in/social': ANYONE,
  '/api/auth/sign-up/email': ANYONE,
  '/api/auth/sign-in/email': ANYONE,
  '/api/auth/email-otp/send-verification-otp': ANYONE,
  '/api/auth/email-otp/check-verification-otp': TOKEN,
  '/api/auth/email-otp/verify-email': TOKEN,
  '/api/auth/sign-in/email-otp': TOKEN,
  '/api/auth/email-otp/request-password-reset': ANYONE,
  '/api/auth/forget-password/email-otp': ANYONE,
  '/api/auth/email-otp/reset-password': TOKEN,
  '/api/auth/request-password-reset': ANYONE,
  '/api/auth/reset-password': TOKEN,
  '/api/auth/reset-password/:token': TOKEN,
  '/api/auth/verify-email': TOKEN,
  '/api/auth/send-verification-email': TOKEN,
  '/api/auth/callback/:id': TOKEN,
  '/api/auth/delete-user/callback': TOKEN,
  '/api/auth/get-access-token': TOKEN,
  '/api/auth/refresh-token': TOKEN,
  // The session: anyone may ask for it or end it.
  '/api/auth/get-session': ANYONE,
  '/api/auth/sign-out': TOKEN,
  // One's own account (account: update, both roles).
  '/api/auth/update-user': SIGNED_IN,
  '/api/auth/update-session': SIGNED_IN,
  '/api/auth/change-email': SIGNED_IN,
  '/api/auth/change-password': SIGNED_IN,
  '/api/auth/verify-password': SIGNED_IN,
  '/api/auth/delete-user': SIGNED_IN,
  '/api/auth/list-sessions': SIGNED_IN,
  '/api/auth/revoke-session': SIGNED_IN,
  '/api/auth/revoke-sessions': SIGNED_IN,
  '/api/auth/revoke-other-sessions': SIGNED_IN,
  '/api/auth/link-social': SIGNED_IN,
  '/api/auth/list-accounts': SIGNED_IN,
  '/api/auth/unlink-account': SIGNED_IN,
  '/api/auth/account-info': SIGNED_IN,
  '/api/auth/email-otp/request-email-change': SIGNED_IN,
  '/api/auth/email-otp/change-email': SIGNED_IN,
  // Passkeys: added, listed, renamed and removed by their signed-in owner (account: update).
  '/api/auth/passkey/generate-register-options': SIGNED_IN,
  '/api/auth/passkey/verify-registration': SIGNED_IN,
  '/api/auth/passkey/list-user-passkeys': SIGNED_IN,
  '/api/auth/passkey/update-passkey': SIGNED_IN,
  '/api/auth/passkey/delete-passkey': SIGNED_IN,
  // Signing in with a passkey: the assertion decides, not the session.
  '/api/auth/passkey/generate-authenticate-options': ANYONE,
  '/api/auth/passkey/verify-authentication': TOKEN,
  // user and session administration: the admin's.
  ...Object.fromEntries(adminEndpoints.map((name) => [`/api/auth/admin/${name}`, ADMIN])),
  // Ends an impersonation: only an impersonated session has one to end.
  '/api/auth/admin/stop-impersonating': TOKEN,
  // Asks about the caller's own role or a role named in the body.
  '/api/auth/admin/has-permission': TOKEN,
  // Documents and status pages.
  '/api/auth/open-api/generate-schema': ANYONE,
  '/api/auth/reference': ANYONE,
  '/api/auth/ok': ANYONE,
  '/api/auth/error': ANYONE,
}

/**
 * Files still declaring TanStack server functions (/_serverFn/*): none once every
 * server call goes through the app API (issue 10, part 1).
 */
const allowedServerFunctionFiles: string[] = []

/** Derived routes with no expectation: each one is a door nobody decided about. */
export function missingExpectations(routes: DerivedRoutes): string[] {
  return [
    ...routes.pages.filter((page) => !pageExpectations[page.path]).map((page) => `page ${page.path}`),
    ...routes.serverRoutes
      .filter((route) => !serverRouteExpectations[route.path])
      .map((route) => `server route ${route.path}`),
    ...routes.procedures
      .filter((p) => !procedureExpectations[p.name])
      .map((p) => `procedure ${p.name} (${p.method} ${p.restPath})`),
    ...routes.authEndpoints
      .filter((e) => !authEndpointExpectations[e.path])
      .map((e) => `auth endpoint ${e.methods.join(',')} ${e.path}`),
    ...routes.serverFunctionFiles
      .filter((file) => !allowedServerFunctionFiles.includes(file))
      .map((file) => `server functions in ${file}`),
  ]
}

/** Expectations for routes the code no longer has (kept to be merged with other branches; reported, not failed). */
export function staleExpectations(routes: DerivedRoutes): string[] {
  const has = new Set([
    ...routes.pages.map((page) => page.path),
    ...routes.serverRoutes.map((route) => route.path),
    ...routes.procedures.map((p) => p.name),
    ...routes.authEndpoints.map((e) => e.path),
  ])
  return [
    ...Object.keys(pageExpectations),
    ...Object.keys(serverRouteExpectations),
    ...Object.keys(procedureExpectations),
    ...Object.keys(authEndpointExpectations),
  ].filter((key) => !has.has(key))
}
