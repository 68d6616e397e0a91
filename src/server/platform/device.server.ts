import { UAParser } from 'ua-parser-js'

import type { Device, DeviceType } from '@/lib/device'

/** Browser, system and kind of device of a user agent ('Chrome 126', 'Android 14', mobile); empty when unknown. */
export function describeDevice(userAgent: string | null | undefined): Device {
  const { browser, os, device } = UAParser(userAgent ?? '')
  const type: DeviceType = device.type === 'mobile' || device.type === 'tablet' ? device.type : 'desktop'
  const browserName = [browser.name, browser.major].filter(Boolean).join(' ')
  const osName = [os.name, os.version].filter(Boolean).join(' ')
  return { browser: browserName || undefined, os: osName || undefined, type }
}

/**
 * The kind of device a user agent is (browser, system, type; no versions, so
 * that a browser's monthly update is not a new device): what a "new device"
 * sign-in is told by (src/server/auth/notice-hooks.server.ts).
 */
export function deviceKind(userAgent: string | null | undefined): string {
  const { browser, os, device } = UAParser(userAgent ?? '')
  return [browser.name ?? '?', os.name ?? '?', device.type ?? 'desktop'].join(' · ')
}
