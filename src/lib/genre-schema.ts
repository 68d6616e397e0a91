import { messageKey } from '@/lib/i18n/keys'
import { z } from '@/lib/i18n/zod'

/** Shared by the API, the seed and any form that writes a genre (messages are i18n keys). */
export const genreNameSchema = z.string().trim().min(1, messageKey('book:validation.genreNameRequired')).max(100)

export const genreSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
})
export type Genre = z.infer<typeof genreSchema>
