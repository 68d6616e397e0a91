import { describe, expect, it } from 'vitest'

import {
  CLIENT_ADDRESS_HEADER,
  clientAddress,
  clientAddressOf,
  parseTrustProxy,
  resolveClientAddress,
} from './client-address.server'

const trust = (value: string) => parseTrustProxy(value)!

describe('resolveClientAddress', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('192.0.2.1', '198.51.100.7', trust(''))).toBe('192.0.2.1')
    expect(resolveClientAddress('::ffff:192.0.2.1', null, trust('0'))).toBe('192.0.2.1')
    expect(resolveClientAddress(undefined, '198.51.100.7', trust('1'))).toBeUndefined()
  })

  it('reads as many hops from the right as trusted, never the client’s own claims further left', () => {
    // The client forged the first entry; the proxy appended the address it saw.
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 203.0.113.5', trust('1'))).toBe('203.0.113.5')
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 203.0.113.5, 10.0.0.9', trust('2'))).toBe('203.0.113.5')
    // Fewer entries than hops: the leftmost one.
    expect(resolveClientAddress('10.0.0.2', '203.0.113.5', trust('3'))).toBe('203.0.113.5')
    expect(resolveClientAddress('10.0.0.2', null, trust('1'))).toBe('10.0.0.2')
  })

  it('with proxy addresses, walks back while the address is a trusted proxy', () => {
    const proxies = trust('10.0.0.0/8, 2001:db8::/32, 192.168.1.2')
    expect(resolveClientAddress('10.1.2.3', '6.6.6.6, 203.0.113.5, 192.168.1.2', proxies)).toBe('203.0.113.5')
    expect(resolveClientAddress('2001:db8::1', '203.0.113.5', proxies)).toBe('203.0.113.5')
    // A socket that is not a trusted proxy: its X-Forwarded-For is ignored.
    expect(resolveClientAddress('198.51.100.1', '203.0.113.5', proxies)).toBe('198.51.100.1')
    // A malformed entry stops the walk at the last proxy that can be believed.
    expect(resolveClientAddress('10.1.2.3', 'nonsense', proxies)).toBe('10.1.2.3')
  })
})

describe('clientAddress step', () => {
  it('replaces a client-sent address header with the resolved one, for the routes to read', async () => {
    const step = clientAddress(trust('1'), () => '10.0.0.2')
    const request = new Request('http://localhost:3000/api/rest/books', {
      headers: { [CLIENT_ADDRESS_HEADER]: '6.6.6.6', 'x-forwarded-for': '203.0.113.5' },
    })
    const seen = await step(request, async (forwarded) => new Response(clientAddressOf(forwarded)))
    expect(await seen.text()).toBe('203.0.113.5')
    const none = await clientAddress(trust('0'), () => undefined)(
      request,
      async (forwarded) => new Response(String(clientAddressOf(forwarded))),
    )
    expect(await none.text()).toBe('undefined')
  })

  it('hands on a request body untouched', async () => {
    const step = clientAddress(trust('0'), () => '192.0.2.1')
    const request = new Request('http://localhost:3000/api/rest/books', {
      method: 'POST',
      body: '{"title":"A"}',
      headers: { 'content-type': 'application/json' },
    })
    const response = await step(request, async (forwarded) => new Response(await forwarded.text()))
    expect(await response.text()).toBe('{"title":"A"}')
  })
})
