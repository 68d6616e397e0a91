import { accountRouter } from '@/features/account/account.server'
import { authRouter } from '@/features/auth/auth.server'
import { bookRouter } from '@/features/book/book.server'
import { dashboardRouter } from '@/features/dashboard/dashboard.server'
import { demoRouter } from '@/features/demo/demo.server'
import { genreRouter } from '@/features/genre/genre.server'
import { jobsRouter } from '@/features/jobs/jobs.server'
import { pictureRouter } from '@/features/pictures/pictures.server'
import { shellRouter } from '@/features/shell/shell.server'
import { userRouter } from '@/features/user/user.server'
import { vitalsRouter } from '@/features/vitals/vitals.server'

/**
 * The application API: one router, served as RPC at /api/rpc (the typed
 * client) and as REST at /api/rest (described by the OpenAPI document).
 * It is the app's only server API: pages call it in-process while they
 * render on the server, and over /api/rpc in the browser.
 */
export const router = {
  account: accountRouter,
  auth: authRouter,
  book: bookRouter,
  dashboard: dashboardRouter,
  demo: demoRouter,
  genre: genreRouter,
  picture: pictureRouter,
  jobs: jobsRouter,
  shell: shellRouter,
  user: userRouter,
  vitals: vitalsRouter,
}

export type Router = typeof router
