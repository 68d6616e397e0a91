import { z } from '@/lib/i18n/zod'

/** How many of the newest books the dashboard lists. */
export const LATEST_BOOKS = 5
/** "New sign-ups this week": accounts created in the last 7 days (a rolling week, not the calendar week). */
export const NEW_USERS_DAYS = 7

/**
 * A figure of the dashboard. `exact` is false when the table is so large that
 * the figure is PostgreSQL's planner estimate instead of a count (see
 * docs/performance.md): shown as "about N".
 */
const figureSchema = z.object({
  value: z.number().int().nonnegative(),
  exact: z.boolean(),
})
export type Figure = z.infer<typeof figureSchema>

const latestBookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  genre: z.object({ name: z.string(), color: z.string() }).nullable(),
})

export const dashboardSummarySchema = z.object({
  books: figureSchema,
  genres: figureSchema,
  users: figureSchema,
  /** Sessions that have not expired yet. */
  activeSessions: figureSchema,
  /** Accounts created in the last `NEW_USERS_DAYS` days. */
  newUsersThisWeek: figureSchema,
  /** The `LATEST_BOOKS` most recently added books, newest first. */
  latestBooks: z.array(latestBookSchema),
})
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>

/** The figures in the order the dashboard shows them. */
export const FIGURES = ['books', 'genres', 'users', 'activeSessions', 'newUsersThisWeek'] as const
export type FigureName = (typeof FIGURES)[number]
