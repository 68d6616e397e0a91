import { z } from 'zod'

/**
 * Form schemas shared by the browser and the server. Messages are i18n keys
 * (namespace `auth`), translated where they are shown.
 */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'validation.emailRequired')
  .pipe(z.email('validation.emailInvalid'))

export const codeSchema = z
  .string()
  .trim()
  .min(1, 'validation.codeRequired')
  .regex(/^\d*$/, 'validation.codeInvalid')
  .length(6, 'validation.codeLength')

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'validation.nameRequired')
  .max(100, 'validation.nameInvalid')
  // No markup characters and no control characters (newlines, NUL…).
  .refine((name) => !/[<>{}]/.test(name) && [...name].every((c) => c.charCodeAt(0) >= 32), 'validation.nameInvalid')

export const loginFormSchema = z.object({ email: emailSchema })
export const verifyFormSchema = z.object({ code: codeSchema })
export const onboardingFormSchema = z.object({ name: nameSchema })
