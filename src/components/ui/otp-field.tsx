import type { ComponentProps } from 'react'

import { TextField } from './text-field'

/**
 * The one field for an e-mailed sign-in code: digits only on phones, offered
 * by the platform's one-time-code autofill, at most `length` characters.
 */
export function OtpField({
  length,
  ...props
}: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'> & { length: number }) {
  return <TextField autoComplete="one-time-code" inputMode="numeric" maxLength={length} {...props} />
}
