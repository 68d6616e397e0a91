import { regexes } from 'zod/v4/core'

import type { TranslationKey } from '@/lib/i18n/keys'

/**
 * The login form's check of an e-mail address, without zod's runtime (the
 * login page loads no schema library): the same rules and message keys as
 * `emailSchema` (./schemas.ts), whose `z.email()` uses this very pattern;
 * email-check.test.ts holds the two together. Returns the trimmed address,
 * or the key of what is wrong with it.
 */
export function checkEmail(
  value: string,
): { email: string; error?: undefined } | { email?: undefined; error: TranslationKey } {
  const email = value.trim()
  if (email.length === 0) return { error: 'auth:validation.emailRequired' }
  if (!regexes.email.test(email)) return { error: 'auth:validation.emailInvalid' }
  return { email }
}
