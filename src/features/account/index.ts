/** The account feature's public entry: what routes and other features may import. */
export { AccountPage } from './account-page'
export { accountRouteSearch } from './search'
