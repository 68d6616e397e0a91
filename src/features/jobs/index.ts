/** The jobs feature's public entry: what its route prefetches (the page is imported as a route component). */
export { jobsQueries } from './queries'
