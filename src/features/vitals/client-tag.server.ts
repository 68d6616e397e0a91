import { createHmac, randomBytes } from 'node:crypto'
import { isIP } from 'node:net'

/** The network an address stands for: an IPv4 address itself, an IPv6 address its /64 (one subscriber's, however many addresses it takes from it). */
export function clientNetwork(address: string): string {
  if (isIP(address) !== 6) return address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  const groupsOf = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []
  const [head, tail] = address.split('::')
  const left = groupsOf(head)
  const right = groupsOf(tail)
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`
}

// Without AUTH_SECRET (development and tests, one process), a key of the process's own.
const processKey = randomBytes(32)

/**
 * Who sent a Web Vitals report, as 16 characters that name no address: an
 * HMAC of its network and the UTC day, keyed by AUTH_SECRET. Every instance
 * gives one client the same tag all day, so the figures can weigh it once
 * (vitals.server.ts); the next day it has another, which cannot be tied to
 * the first without the secret.
 */
export function clientTag(address: string | undefined, secret: string | undefined, now = new Date()): string | null {
  if (!address) return null
  const day = now.toISOString().slice(0, 10)
  return createHmac('sha256', secret ?? processKey)
    .update(`web-vitals ${day} ${clientNetwork(address)}`)
    .digest('base64url')
    .slice(0, 16)
}
