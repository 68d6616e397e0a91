import { z } from 'zod'

import { type DemoInfo, setupCommand } from '@/lib/demo/demo-info'
import type { Env } from '@/lib/env.server'
import { publicProcedure } from '@/server/api/procedure.server'
import { readDemoHint } from '@/server/auth/demo-hint.server'
import { DEMO_ACCOUNT_EMAILS } from '@/server/auth/demo-policy.server'

const TAGS = ['Demo']

function demoInfo(config: Env): DemoInfo {
  return {
    demoMode: config.DEMO_MODE,
    contactEmail: config.DEMO_CONTACT_EMAIL,
    setupCommand: setupCommand(config.REPOSITORY_URL),
    repositoryUrl: config.REPOSITORY_URL ?? null,
    accounts: config.DEMO_MODE ? [...DEMO_ACCOUNT_EMAILS] : [],
  }
}

/** Demo mode's public settings: flag, contact address, setup command, demo accounts. */
const info = publicProcedure
  .route({ method: 'GET', path: '/demo', summary: "Demo mode's public settings", tags: TAGS })
  .output(
    z.object({
      demoMode: z.boolean(),
      contactEmail: z.string(),
      setupCommand: z.string(),
      repositoryUrl: z.string().nullable(),
      accounts: z.array(z.string()),
    }),
  )
  .handler(({ context }) => demoInfo(context.env))

/** The verify page's demo hint: a demo account's pending code (null outside demo mode or for any other address). */
const hint = publicProcedure
  .route({ method: 'GET', path: '/demo/hint', summary: "A demo account's pending sign-in code", tags: TAGS })
  .input(z.object({ email: z.string().max(320) }))
  .output(z.object({ code: z.string() }).nullable())
  .handler(({ context, input }) => readDemoHint(context.auth, input.email))

export const demoRouter = { info, hint }
