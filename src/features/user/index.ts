/** The user feature's public entry: what routes may import. */
export { ImpersonationBanner } from './impersonation-banner'
export { loadUser } from './load-user'
export { userQueries } from './queries'
export { UserDetailPage } from './user-detail-page'
export { UserFormPage } from './user-form-page'
export { UsersPage } from './users-page'
