import { z } from '@/lib/i18n/zod'

/** The device a session was opened on, read from its user agent (src/server/platform/device.server.ts). */
export const deviceSchema = z.object({
  browser: z.string().optional(),
  os: z.string().optional(),
  type: z.enum(['desktop', 'mobile', 'tablet']),
})
export type Device = z.infer<typeof deviceSchema>
export type DeviceType = Device['type']
