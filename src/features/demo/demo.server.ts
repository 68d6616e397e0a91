import type { Env } from '@/lib/env.server'
import type { Auth } from '@/server/auth/auth.server'
import { DEMO_ACCOUNT_EMAILS, isDemoAccount } from '@/server/auth/demo-policy.server'
import { setupCommand, type DemoInfo } from './demo-info'

export function demoInfo(config: Env): DemoInfo {
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
