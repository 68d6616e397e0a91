import { describe, expect, it } from 'vitest'
import type { z } from 'zod'

import en from '@/locales/en/auth.json'

import { codeSchema, emailSchema, loginFormSchema, nameSchema, onboardingFormSchema, verifyFormSchema } from './schemas'

/** The message of the first issue: the one a form shows under the field. */
function firstMessage(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}

/** What a user reads: the English text of the message key (namespace `auth`). */
function english(key: string | undefined) {
  const [group, name] = (key ?? '').replace(/^auth:/, '').split('.') as [keyof typeof en, string]
  return (en[group] as Record<string, string> | undefined)?.[name]
}

describe('email', () => {
  it.each([
    ['', 'auth:validation.emailRequired', 'Email is required'],
    ['   ', 'auth:validation.emailRequired', 'Email is required'],
    ['admin', 'auth:validation.emailInvalid', 'Email is invalid'],
    ['admin@', 'auth:validation.emailInvalid', 'Email is invalid'],
    ['@admin.com', 'auth:validation.emailInvalid', 'Email is invalid'],
    ['a b@admin.com', 'auth:validation.emailInvalid', 'Email is invalid'],
  ])('%j → %s (%s)', (value, key, text) => {
    expect(firstMessage(emailSchema, value)).toBe(key)
    expect(english(key)).toBe(text)
  })

  it('accepts and trims a valid address', () => {
    expect(emailSchema.parse('  admin@admin.com ')).toBe('admin@admin.com')
    expect(loginFormSchema.parse({ email: 'user@user.com' })).toEqual({ email: 'user@user.com' })
  })

  it('refuses a missing value', () => {
    expect(loginFormSchema.safeParse({}).success).toBe(false)
  })
})

describe('code', () => {
  it.each([
    ['', 'auth:validation.codeRequired', 'Code is required'],
    ['  ', 'auth:validation.codeRequired', 'Code is required'],
    ['12a456', 'auth:validation.codeInvalid', 'Code is invalid'],
    ['abc', 'auth:validation.codeInvalid', 'Code is invalid'],
    ['12 456', 'auth:validation.codeInvalid', 'Code is invalid'],
    ['12345', 'auth:validation.codeLength', 'Code should be 6 characters'],
    ['1234567', 'auth:validation.codeLength', 'Code should be 6 characters'],
  ])('%j → %s (%s)', (value, key, text) => {
    expect(firstMessage(codeSchema, value)).toBe(key)
    expect(english(key)).toBe(text)
  })

  it('accepts 6 digits, leading zeros and surrounding spaces included', () => {
    expect(codeSchema.parse('012345')).toBe('012345')
    expect(verifyFormSchema.parse({ code: ' 987654 ' })).toEqual({ code: '987654' })
  })
})

describe('name', () => {
  it.each([
    ['', 'auth:validation.nameRequired', 'Name is required'],
    ['   ', 'auth:validation.nameRequired', 'Name is required'],
    ['<script>', 'auth:validation.nameInvalid', 'Name is invalid'],
    ['Ada {Lovelace}', 'auth:validation.nameInvalid', 'Name is invalid'],
    ['Ada\u0000', 'auth:validation.nameInvalid', 'Name is invalid'],
    ['x'.repeat(101), 'auth:validation.nameInvalid', 'Name is invalid'],
  ])('%j → %s (%s)', (value, key, text) => {
    expect(firstMessage(nameSchema, value)).toBe(key)
    expect(english(key)).toBe(text)
  })

  it.each(['Ada Lovelace', 'Chloé Diallo', 'أمينة علي', "Daudi O'Neil-Juma", 'x'.repeat(100)])(
    'accepts %j',
    (value) => {
      expect(onboardingFormSchema.parse({ name: ` ${value} ` })).toEqual({ name: value })
    },
  )
})
