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
