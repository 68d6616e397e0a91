import { deviceSchema } from '@/lib/device'
import { z } from '@/lib/i18n/zod'

/** One of the signed-in user's sessions, as the browser sees it: never its token. */
export const ownSessionSchema = z.object({
  id: z.string(),
  /** ISO times: signed in, last active (better-auth's updatedAt), expiry. */
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  /** The session of this request. */
  current: z.boolean(),
  device: deviceSchema,
})
export type OwnSession = z.infer<typeof ownSessionSchema>

export const sessionIdInputSchema = z.object({ id: z.string().min(1).max(255) })
