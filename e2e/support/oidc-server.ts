// Standalone OpenID Connect provider for end-to-end tests: `tsx e2e/support/oidc-server.ts`.
// A real OIDC server (oauth2-mock-server: discovery, JWKS, signed id tokens, PKCE, nonce)
// that signs in whoever the test says, without a login form:
//   POST /test/identity {sub, email, name}   the next sign-ins are this person
//   POST /test/deny {error}                  the next authorization answers ?error=<error>
//   GET  /health                             200 once listening
import type { IncomingMessage } from 'node:http'

import { OAuth2Server } from 'oauth2-mock-server'

export interface OidcIdentity {
  sub: string
  email: string
  name: string
}

const port = Number(process.env.OIDC_MOCK_PORT ?? 3290)

let identity: OidcIdentity = { sub: 'nobody', email: 'nobody@example.com', name: 'Nobody' }
let denial: string | undefined

const server = new OAuth2Server()
await server.issuer.keys.generate('RS256')

const claims = () => ({ sub: identity.sub, email: identity.email, email_verified: true, name: identity.name })

// Both tokens and the userinfo answer carry the current identity.
server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, claims())
})
server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
  response.body = claims()
})
server.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
  if (!denial) return
  url.searchParams.delete('code')
  url.searchParams.set('error', denial)
  denial = undefined
})

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  // oauth2-mock-server parses JSON bodies for its routes; fall back to reading the stream.
  const parsed = (req as IncomingMessage & { body?: unknown }).body
  if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>
}

server.service.addRoute('GET', '/health', (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
})
server.service.addRoute('POST', '/test/identity', async (req, res) => {
  const body = await readJson(req)
  identity = { sub: String(body.sub), email: String(body.email), name: String(body.name ?? '') }
  res.writeHead(204).end()
})
server.service.addRoute('POST', '/test/deny', async (req, res) => {
  denial = String((await readJson(req)).error ?? 'access_denied')
  res.writeHead(204).end()
})

// All interfaces: the issuer is http://localhost:<port>, which may resolve to ::1 or 127.0.0.1.
await server.start(port)
console.log(`[oidc-server] issuer ${server.issuer.url}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.stop().then(() => process.exit(0))
  })
}
