import fs from 'node:fs'
import { parseEnv as parseDotenv } from 'node:util'

import { describe, expect, it } from 'vitest'

import { environmentBadge } from '@/lib/environment-badge.server'

import packageJson from '../../package.json'
import { parseEnv } from './env.server'

/**
 * `npm run preview:demo` (docs/product.md#product: the public preview build is
 * in demo mode): a production build started with .env.demo.
 */
describe('the preview demo (.env.demo)', () => {
  const file = parseDotenv(fs.readFileSync('.env.demo', 'utf8'))

  it('is a valid production configuration in demo mode (the script adds a random AUTH_SECRET)', () => {
    const config = parseEnv({ ...file, AUTH_SECRET: 'x'.repeat(43) })
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      isProduction: true,
      DEMO_MODE: true,
      DATABASE_URL: 'memory://',
    })
    expect(config.DEMO_CONTACT_EMAIL).not.toBe('contact@example.com')
  })

  it("shows the environment badge: 'Preview', an emoji and a colour", () => {
    expect(environmentBadge(parseEnv({ ...file, AUTH_SECRET: 'x'.repeat(43) }))).toEqual({
      name: 'Preview',
      emoji: '👀',
      color: '#7c3aed',
      textColor: '#ffffff',
    })
  })

  it('is started by npm run preview:demo: a production build, then the server with .env.demo', () => {
    const script = packageJson.scripts['preview:demo']
    expect(script).toMatch(/^npm run build && /)
    expect(script).toContain('AUTH_SECRET=${AUTH_SECRET:-')
    expect(script).toContain('node --env-file=.env.demo .output/server/index.mjs')
  })
})
