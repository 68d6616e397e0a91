import type { Auth } from './auth.server'
import { isDemoAccount } from './demo-policy.server'

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
