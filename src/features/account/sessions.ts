import { dateTimeSchema } from '@/lib/api-schemas'
import { deviceSchema } from '@/lib/device'
import { z } from '@/lib/i18n/zod'

/** One of the signed-in user's sessions, as the browser sees it: never its token. */
export const ownSessionSchema = z.object({
  id: z.string(),
  /** ISO times: signed in, last active (better-auth's updatedAt), expiry. */
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  expiresAt: dateTimeSchema,
  /** The session of this request. */
  current: z.boolean(),
  device: deviceSchema,
})
export type OwnSession = z.infer<typeof ownSessionSchema>
