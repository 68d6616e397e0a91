import { BlockList, isIP } from 'node:net'

// With its extension: vite.config.ts imports this file (see src/server/db/client.server.ts).
import { type PipelineStep, withRequestHeaders } from './pipeline.server.ts'

/**
 * Which proxies in front of the app may say who the client is
 * (`TRUST_PROXY`): none (the socket's address is the client's), a number of
 * hops, or the proxies' addresses and ranges.
 */
export type TrustProxy = { hops: number } | { proxies: BlockList }

/** The header that carries the resolved address to the routes; a client's own copy is dropped. */
export const CLIENT_ADDRESS_HEADER = 'x-start-client-ip'

/** `::ffff:10.0.0.1` is 10.0.0.1: one address, one rate-limit budget. */
function normalise(address: string): string | undefined {
  const trimmed = address.trim().replace(/^\[(.*)\](:\d+)?$/, '$1')
  const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)?.[1] ?? trimmed
  return isIP(plain) ? plain : undefined
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')

/**
 * Reads TRUST_PROXY: empty or 0 → none; a whole number → that many hops;
 * otherwise a comma-separated list of addresses or CIDR ranges.
 * Undefined when the value is not valid.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim() ?? ''
  if (text === '') return { hops: 0 }
  if (/^\d+$/.test(text)) return Number(text) <= 32 ? { hops: Number(text) } : undefined
  const proxies = new BlockList()
  for (const entry of text.split(',').map((part) => part.trim())) {
    const [address = '', prefix, extra] = entry.split('/')
    const ip = normalise(address)
    if (!ip || extra !== undefined) return undefined
    if (prefix === undefined) {
      proxies.addAddress(ip, family(ip))
      continue
    }
    const bits = /^\d+$/.test(prefix) ? Number(prefix) : NaN
    if (!(bits <= (family(ip) === 'ipv6' ? 128 : 32))) return undefined
    proxies.addSubnet(ip, bits, family(ip))
  }
  return { proxies }
}

/**
 * The client's address: the socket's, unless the socket is a trusted proxy;
 * then X-Forwarded-For is read from the right (each proxy appends the
 * address it saw) as far as the proxies are trusted. Entries left of that
 * are the client's own claims and are never believed.
 */
export function resolveClientAddress(
  socket: string | undefined,
  forwardedFor: string | null,
  trust: TrustProxy,
): string | undefined {
  const peer = socket ? normalise(socket) : undefined
  if (!peer) return undefined
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  let client = peer
  for (let index = chain.length - 1, hop = 0; index >= 0; index--, hop++) {
    const trusted = 'hops' in trust ? hop < trust.hops : trust.proxies.check(client, family(client))
    if (!trusted) break
    const next = normalise(chain[index]!)
    // A malformed entry: the proxy that appended it is the last address we can stand behind.
    if (!next) break
    client = next
  }
  return client
}

/**
 * Resolves the client address once and hands it to the routes in
 * CLIENT_ADDRESS_HEADER (rate limits, sessions, audit trail read it there).
 */
export function clientAddress(
  trust: TrustProxy,
  socketAddress: (request: Request) => string | undefined,
): PipelineStep {
  return (request, next) => {
    const address = resolveClientAddress(socketAddress(request), request.headers.get('x-forwarded-for'), trust)
    return next(
      withRequestHeaders(request, (headers) => {
        headers.delete(CLIENT_ADDRESS_HEADER)
        if (address) headers.set(CLIENT_ADDRESS_HEADER, address)
      }),
    )
  }
}

/** The address the pipeline resolved for this request. */
export function clientAddressOf(request: Request | Headers): string | undefined {
  const headers = request instanceof Headers ? request : request.headers
  return headers.get(CLIENT_ADDRESS_HEADER) ?? undefined
}
