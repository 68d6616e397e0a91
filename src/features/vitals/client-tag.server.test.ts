import { describe, expect, it } from 'vitest'

import { clientNetwork, clientTag } from './client-tag.server'

describe('clientNetwork', () => {
  it('is an IPv4 address itself, an IPv6 address its /64, however it is written', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7')
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7')
    for (const address of ['2001:db8:7:42::1', '2001:0db8:0007:0042:ffff:1:2:3', '2001:db8:7:42:0:0:0:9']) {
      expect(clientNetwork(address), address).toBe('2001:db8:7:42::/64')
    }
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64')
    expect(clientNetwork('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64')
  })
})

describe('clientTag', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters'
  const noon = new Date('2026-11-27T12:00:00Z')

  it('is the same for one network all day, on every instance, and names no address', () => {
    const tag = clientTag('2001:db8:7:42::1', secret, noon)
    expect(tag).toMatch(/^[\w-]{16}$/)
    expect(clientTag('2001:db8:7:42::ffff', secret, new Date('2026-11-27T23:59:59Z'))).toBe(tag)
    expect(clientTag('2001:db8:7:43::1', secret, noon)).not.toBe(tag)
  })

  it('changes with the day and with the secret; no address, no tag', () => {
    const tag = clientTag('198.51.100.7', secret, noon)
    expect(clientTag('198.51.100.7', secret, new Date('2026-11-28T00:00:00Z'))).not.toBe(tag)
    expect(clientTag('198.51.100.7', `${secret}!`, noon)).not.toBe(tag)
    expect(clientTag(undefined, secret, noon)).toBeNull()
  })
})
