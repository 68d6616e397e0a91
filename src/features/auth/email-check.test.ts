import { describe, expect, it } from 'vitest'

import { emailSchema } from '@/lib/auth/schemas'

import { checkEmail } from './email-check'

const inputs = [
  '',
  '   ',
  'user@user.com',
  '  User@Example.org  ',
  'no-at-sign',
  'a@b',
  'a@b.c',
  'x@localhost',
  'a..b@example.com',
  "o'brien+tag@mail.example.co",
  'é@example.com',
  'a b@example.com',
  'a@-example.com',
]

describe('checkEmail', () => {
  it.each(inputs)('agrees with emailSchema on %j', (input) => {
    const parsed = emailSchema.safeParse(input)
    const checked = checkEmail(input)
    if (parsed.success) expect(checked).toEqual({ email: parsed.data })
    else expect(checked).toEqual({ error: parsed.error.issues[0]!.message })
  })
})
