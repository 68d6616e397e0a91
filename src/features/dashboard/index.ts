/** The dashboard feature's public entry: what routes may import. */
export { DashboardPage } from './dashboard-page'
export { dashboardSummaryQuery } from './queries'
