import { z } from '@/lib/i18n/zod'

import { OTP_LENGTH } from './otp'

/**
 * Form schemas shared by the browser and the server. Messages are i18n keys
 * (namespace `auth`), translated where they are shown.
 */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'auth:validation.emailRequired')
  .pipe(z.email('auth:validation.emailInvalid'))

export const codeSchema = z
  .string()
  .trim()
  .min(1, 'auth:validation.codeRequired')
  .regex(/^\d*$/, 'auth:validation.codeInvalid')
  .length(OTP_LENGTH, 'auth:validation.codeLength')

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'auth:validation.nameRequired')
  .max(100, 'auth:validation.nameInvalid')
  // No markup characters and no control characters (newlines, NUL…).
  .refine(
    (name) => !/[<>{}]/.test(name) && [...name].every((c) => c.charCodeAt(0) >= 32),
    'auth:validation.nameInvalid',
  )

/** Longest `image` URL the auth service stores (the product shows no avatars). */
const IMAGE_URL_MAX = 2048

/** A user's `image`: an http(s) URL of bounded length, or none. */
export const imageSchema = z
  .url({ protocol: /^https?$/, message: 'auth:validation.imageInvalid' })
  .max(IMAGE_URL_MAX, 'auth:validation.imageInvalid')
  .nullable()

export const loginFormSchema = z.object({ email: emailSchema })
export const verifyFormSchema = z.object({ code: codeSchema })
export const onboardingFormSchema = z.object({ name: nameSchema })
