import { z } from 'zod'

import type { Env } from '@/lib/env.server'
import { publicProcedure } from '@/server/api/procedure.server'
import type { Auth } from '@/server/auth/auth.server'
import { DEMO_ACCOUNT_EMAILS, isDemoAccount } from '@/server/auth/demo-policy.server'

import { type DemoInfo, setupCommand } from './demo-info'

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

/**
 * The pending sign-in code of a demo account, in demo mode only and for the
 * demo accounts only; null otherwise, or when no unexpired code is pending.
 * Demo mode stores codes encrypted (not hashed), which is what lets
 * better-auth's server-only `getVerificationOTP` read it back.
 */
export async function readDemoHint(auth: Auth, email: string): Promise<{ code: string } | null> {
  if (!auth.demoMode || !isDemoAccount(email)) return null
  const { otp } = await auth.api.getVerificationOTP({
    query: { email: email.trim().toLowerCase(), type: 'sign-in' },
  })
  return otp ? { code: otp } : null
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
