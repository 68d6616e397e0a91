// A page of another origin for browser attacks: a real local server (a page the
// test fulfils itself counts as public, and Chromium then blocks its requests to
// localhost before the app could answer them).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface AttackerSite {
  /** `http://localhost:<port>`: another origin of the app's site. */
  origin: string
  close(): Promise<void>
}

export async function attackerSite(html: string): Promise<AttackerSite> {
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
