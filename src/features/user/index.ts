/** The user feature's public entry: the impersonation banner and what routes load (its pages are imported as route components). */
export { ImpersonationBanner } from './impersonation-banner'
export { loadUser, userQueries } from './queries'
