import { dateTimeSchema } from '@/lib/api-schemas'
import { z } from '@/lib/i18n/zod'

/** One of a person's passkeys, as the account page and the user manager show it: never its key. */
export const passkeySchema = z.object({
  id: z.string(),
  /** The name its owner gave it, if any. */
  name: z.string().nullable(),
  /** The password manager or authenticator that holds it ('Google Password Manager'), when it says. */
  authenticator: z.string().nullable(),
  /** Synced across the owner's devices (true) or bound to one device. */
  synced: z.boolean(),
  createdAt: dateTimeSchema,
  lastUsedAt: dateTimeSchema.nullable(),
})
export type PasskeyItem = z.infer<typeof passkeySchema>
