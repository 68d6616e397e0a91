/** The auth feature's public entry: route guards, redirects, the session sync (the session and permissions themselves are in src/lib/auth; its pages are imported as route components). */
export { requireManagerAccess, requireOnboardedUser } from './guards'
export { homeOf, safeRedirect } from './redirect'
export { SessionSync } from './session-sync'
