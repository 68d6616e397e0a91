// Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a real
// WebAuthn ceremony in the real browser, the person's touch simulated.
import type { CDPSession, Page } from '@playwright/test'

export interface VirtualAuthenticator {
  cdp: CDPSession
  authenticatorId: string
  /** The passkeys it holds. */
  credentials: () => Promise<Array<{ credentialId: string; isResidentCredential: boolean }>>
}

/** A platform authenticator (like a phone's or a laptop's) on `page`, holding passkeys, verifying its user. */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}
