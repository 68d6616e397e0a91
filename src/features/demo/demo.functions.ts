import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'

/** Demo mode's public settings: flag, contact address, setup command, demo accounts. */
export const getDemoInfo = createServerFn({ method: 'GET' }).handler(async () => {
  const { env } = await import('@/lib/env.server')
  const { demoInfo } = await import('./demo.server')
  return demoInfo(env())
})

/**
 * The demo hint of the verify page: the pending code of a demo account, only
 * in demo mode and only for the demo accounts (null otherwise).
 */
export const getDemoHint = createServerFn({ method: 'GET' })
  .validator(z.object({ email: z.string().max(320) }))
  .handler(async ({ data }) => {
    const { getAuth } = await import('@/server/auth/auth.server')
    const { readDemoHint } = await import('./demo.server')
    return readDemoHint(await getAuth(), data.email)
  })
