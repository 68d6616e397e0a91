// The phone a person uses on a slow connection (issue 25): the CPU slowed 4× (what Lighthouse's
// phone emulation uses) and a slow network, both through the DevTools protocol, for every page of
// the `slow-phone` project (e2e/*.phone.spec.ts). Tests there act the moment an element shows,
// as a person does: never a wait for hydration.
import { test as base } from './console'

const SLOW_PHONE = {
  cpuSlowdown: 4,
  /** 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
  latencyMs: 150,
} as const

export const test = base.extend({
  page: async ({ page }, provide) => {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
      uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
    })
    await provide(page)
  },
})

export { expect, expectConsoleMessage } from './console'
