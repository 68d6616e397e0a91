import { messageKey } from '@/lib/i18n/keys'
import { z } from '@/lib/i18n/zod'

import { OTP_LENGTH } from './otp'

/**
 * Form schemas shared by the browser and the server. Messages are i18n keys
 * (namespace `auth`), translated where they are shown.
 */
export const emailSchema = z
  .string()
  .trim()
  .min(1, messageKey('auth:validation.emailRequired'))
  .pipe(z.email(messageKey('auth:validation.emailInvalid')))

export const codeSchema = z
  .string()
  .trim()
  .min(1, messageKey('auth:validation.codeRequired'))
  .regex(/^\d*$/, messageKey('auth:validation.codeInvalid'))
  .length(OTP_LENGTH, messageKey('auth:validation.codeLength'))

export const nameSchema = z
  .string()
  .trim()
  .min(1, messageKey('auth:validation.nameRequired'))
  .max(100, messageKey('auth:validation.nameInvalid'))
  // No markup characters and no control characters (newlines, NUL…).
  .refine(
    (name) => !/[<>{}]/.test(name) && [...name].every((c) => c.charCodeAt(0) >= 32),
    messageKey('auth:validation.nameInvalid'),
  )

/** Longest `image` URL the auth service stores (the product shows no avatars). */
const IMAGE_URL_MAX = 2048

/** A user's `image`: an http(s) URL of bounded length, or none. */
export const imageSchema = z
  .url({ protocol: /^https?$/, message: messageKey('auth:validation.imageInvalid') })
  .max(IMAGE_URL_MAX, messageKey('auth:validation.imageInvalid'))
  .nullable()

export const loginFormSchema = z.object({ email: emailSchema })
export const verifyFormSchema = z.object({ code: codeSchema })
export const onboardingFormSchema = z.object({ name: nameSchema })
