import { createMiddleware } from '@tanstack/react-start'
import { assertWritable, DEMO_MODE_STATUS } from './demo-error'

/**
 * Function middleware for every server function that changes data: in demo
 * mode it refuses the call before the handler runs (HTTP 403; the client's
 * call throws an Error that `isDemoModeError` recognises, see demo-error.ts).
 * One line per function:
 *
 *   export const renameBook = createServerFn({ method: 'POST' })
 *     .middleware([demoGuard])
 *     .validator(…)
 *     .handler(…)
 *
 * A test (demo-guard.test.ts) fails when a POST server function lacks it.
 * oRPC procedures (issue 5) call the same logic in their own middleware:
 *
 *   const demoGuard = os.middleware(({ next }) => { assertWritable(env().DEMO_MODE); return next() })
 */
export const demoGuard = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const { env } = await import('@/lib/env.server')
  const { DEMO_MODE } = env()
  if (DEMO_MODE) {
    const { setResponseStatus } = await import('@tanstack/react-start/server')
    setResponseStatus(DEMO_MODE_STATUS)
  }
  assertWritable(DEMO_MODE)
  return next()
})
