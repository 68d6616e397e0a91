import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'

const NGINX_CONF = path.resolve(import.meta.dirname, '../../../docs/deploy/nginx.conf')
const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }

/** Every `client_max_body_size` of the documented nginx config, in bytes. */
function bodyCaps(conf: string): number[] {
  return [...conf.matchAll(/^\s*client_max_body_size\s+(\d+)([kmg]?)\s*;/gim)].map(
    ([, size, unit]) => Number(size) * UNITS[unit!.toLowerCase()]!,
  )
}

describe('docs/deploy/nginx.conf', () => {
  it('lets through every picture the app takes: its body cap is MAX_UPLOAD_BYTES’s default', () => {
    const caps = bodyCaps(readFileSync(NGINX_CONF, 'utf8'))
    expect(caps.length).toBeGreaterThan(0)
    for (const cap of caps) expect(cap).toBe(parseEnv({ NODE_ENV: 'test' }).MAX_UPLOAD_BYTES)
  })

  it('reads nginx’s sizes as nginx does', () => {
    expect(bodyCaps('client_max_body_size 2m;\n  client_max_body_size 512k;\nclient_max_body_size 10;')).toEqual([
      2 * 1024 ** 2,
      512 * 1024,
      10,
    ])
  })
})
