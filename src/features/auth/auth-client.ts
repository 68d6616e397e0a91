import { adminClient, emailOTPClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'
import { ac, roles } from './permissions'

/** The browser's client of the auth service at /api/auth (same origin). */
export const authClient = createAuthClient({
  plugins: [emailOTPClient(), adminClient({ ac, roles })],
})
