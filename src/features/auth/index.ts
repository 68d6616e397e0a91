/** The auth feature's public entry (sign-in pages, route guards, redirects); the session and permissions themselves are in src/lib/auth. */
export { requireManagerAccess, requireOnboardedUser } from './guards'
export { LoginErrorPage, toLoginError } from './login-error-page'
export { LoginPage } from './login-page'
export { OnboardingPage } from './onboarding-page'
export { homeOf, safeRedirect } from './redirect'
export { SessionSync } from './session-sync'
export { VerifyPage } from './verify-page'
