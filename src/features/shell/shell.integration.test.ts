import { createRouterClient } from '@orpc/server'
import { beforeAll, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { router } from '@/server/api/router.server'
import { pushToDevMailbox } from '@/server/email/dev-mailbox.server'
import { type ApiHarness, createApiHarness } from '@/test/api'

let api: ApiHarness
let demo: ApiHarness

beforeAll(async () => {
  ;[api, demo] = await Promise.all([createApiHarness(), createApiHarness({ demoMode: true })])
})

/** The shell procedures with these request headers and settings. */
function shell(headers: Record<string, string>, settings: Record<string, string> = {}) {
  const env = parseEnv({ NODE_ENV: 'test', ...settings })
  return createRouterClient(router, {
    context: apiContext({ headers: new Headers(headers), db: api.db, auth: api.auth, env }),
  }).shell
}

describe('shell.state', () => {
  it.each(['anonymous', 'user', 'admin'] as const)(
    'gives %s the language, links, no badge and an open sidebar by default',
    async (caller) => {
      const state = await (await api.client(caller)).shell.state({})
      expect(state).toMatchObject({ language: 'en', environment: null, sidebarCollapsed: false })
      // No repository configured: the app's own about page, never a 404.
      expect(state.links).toEqual({ docs: '/about', issues: '/about#issues' })
    },
  )

  it('takes the language from the URL’s lng, then the cookie, then Accept-Language', async () => {
    expect((await shell({ cookie: 'i18next=ar', 'accept-language': 'sw' }).state({ lng: 'fr' })).language).toBe('fr')
    expect((await shell({ cookie: 'i18next=ar', 'accept-language': 'sw' }).state({ lng: 'xx' })).language).toBe('ar')
    expect((await shell({ 'accept-language': 'sw,en;q=0.5' }).state({})).language).toBe('sw')
    // A malformed cookie is ignored, never a failure.
    expect((await shell({ cookie: 'i18next=%E0%A4%A' }).state({})).language).toBe('en')
  })

  it('reads the sidebar cookie and the environment badge', async () => {
    const state = await shell(
      { cookie: 'a=b; sidebar_state=collapsed' },
      { ENV_NAME: 'Staging', ENV_COLOR: '#ff0000' },
    ).state({})
    expect(state.sidebarCollapsed).toBe(true)
    expect(state.environment).toMatchObject({ name: 'Staging', color: '#ff0000' })
  })

  it('answers over REST (GET /shell?lng=) and in demo mode', async () => {
    const response = await api.rest('anonymous', 'GET', '/shell?lng=sw')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ language: 'sw' })
    expect((await (await demo.client('user')).shell.state({})).language).toBe('en')
    expect((await demo.rpc('anonymous', '/shell/state', {})).status).toBe(200)
  })
})

describe('shell.devMailbox', () => {
  it.each(['anonymous', 'user', 'admin'] as const)(
    'lists the development mailbox, newest first, for %s in development',
    async (caller) => {
      pushToDevMailbox({ to: 'mailbox@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' })
      const emails = await (await api.client(caller)).shell.devMailbox()
      expect(emails[0]).toMatchObject({ to: 'mailbox@example.com', subject: 'Hello' })
    },
  )

  it('has a gallery of every e-mail in every language', async () => {
    const gallery = await (await api.client('anonymous')).shell.devGallery()
    expect(gallery).toHaveLength(9 * 4)
    expect(new Set(gallery.map((sample) => sample.language))).toEqual(new Set(['en', 'fr', 'ar', 'sw']))
    expect(gallery.find((sample) => sample.template === 'banned' && sample.language === 'ar')?.html).toMatch(
      /<html[^>]*dir="rtl"/,
    )
  })

  it('is not found in production, nor when SMTP is set (mail really leaves)', async () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      EMAIL_SERVER: 'smtp://localhost:2525',
      BASE_URL: 'https://books.example',
    }
    for (const procedure of ['devMailbox', 'devGallery'] as const) {
      await expect(shell({}, production)[procedure]()).rejects.toMatchObject({ status: 404 })
      await expect(shell({}, { EMAIL_SERVER: 'smtp://localhost:2525' })[procedure]()).rejects.toMatchObject({
        status: 404,
      })
    }
  })

  it('answers in demo mode as outside it (a read)', async () => {
    expect(Array.isArray(await (await demo.client('anonymous')).shell.devMailbox())).toBe(true)
  })
})
