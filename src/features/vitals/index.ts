/** The vitals feature's public entry: the root's reporter and the dashboard's query. */
export { vitalsQueries } from './queries'
export { VitalsReporter } from './vitals-reporter'
