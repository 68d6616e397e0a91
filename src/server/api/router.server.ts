import { bookRouter } from '@/features/book/book.server'
import { dashboardRouter } from '@/features/dashboard/dashboard.server'
import { genreRouter } from '@/features/genre/genre.server'
import { userRouter } from '@/features/user/user.server'

/**
 * The application API: one router, served as RPC at /api/rpc (the typed
 * client) and as REST at /api/rest (described by the OpenAPI document).
 */
export const router = {
  book: bookRouter,
  dashboard: dashboardRouter,
  genre: genreRouter,
  user: userRouter,
}

export type Router = typeof router
