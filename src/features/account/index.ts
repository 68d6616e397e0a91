/** The account feature's public entry for routes and other features (its page is imported as a route component). */
export { accountQueries } from './queries'
export { accountRouteSearch } from './search'
