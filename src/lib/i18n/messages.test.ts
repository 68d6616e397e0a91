import { describe, expect, it, vi } from 'vitest'

import { BROWSER_NAMESPACES, NAMESPACES, TRANSLATION_LOADING } from './config'
import { hasPageMessages, loadedMessages, loadMessages, loadPageMessages, pageMessages } from './messages'

const file = (data: Record<string, unknown>) => () => Promise.resolve({ default: data })

describe('loadMessages', () => {
  it('loads every namespace of one language, and only that language', async () => {
    const messages = await loadMessages('fr')
    expect(Object.keys(messages).sort()).toEqual([...NAMESPACES].sort())
    expect(messages.ui).toMatchObject({ unsavedChanges: { stay: 'Rester' } })
  })

  it('reads the app’s files once per language and namespaces: every render gets the same messages', async () => {
    const first = loadMessages('fr', { namespaces: ['ui', 'shell'] })
    expect(loadMessages('fr', { namespaces: ['ui', 'shell'] })).toBe(first)
    expect(Object.keys(await first).sort()).toEqual(['shell', 'ui'])
    expect(await loadMessages('fr', { namespaces: ['ui'] })).not.toBe(await first)
    expect(await loadMessages('ar', { namespaces: ['ui', 'shell'] })).not.toBe(await first)
  })

  it('has the messages it has read at once, by the same options (a render reads them without waiting)', async () => {
    expect(loadedMessages('sw', ['ui'])).toBeUndefined()
    const read = await loadMessages('sw', { namespaces: ['ui'] })
    expect(loadedMessages('sw', ['ui'])).toBe(read)
    expect(loadedMessages('sw', ['ui', 'shell'])).toBeUndefined()
  })

  it('reads the pages’ messages (every namespace but the e-mails’) for pageMessages', async () => {
    const read = await loadPageMessages('ar')
    expect(Object.keys(read).sort()).toEqual([...BROWSER_NAMESPACES].sort())
    expect(read.emails).toBeUndefined()
    expect(pageMessages('ar')).toBe(read)
  })

  it('takes the messages an anonymous page carries in its root data, else the ones read', async () => {
    const carried = { shell: { appName: 'Carried' } }
    expect(hasPageMessages({ language: 'ar', messages: carried })).toBe(true)
    expect(pageMessages('ar', { language: 'ar', messages: carried })).toBe(carried)
    expect(hasPageMessages({ language: 'ar' })).toBe(false)
    expect(pageMessages('ar', { language: 'ar' })).toBe(await loadPageMessages('ar'))
    expect(pageMessages('ar', undefined)).toBe(await loadPageMessages('ar'))
  })

  it('uses the product constants: 10 parallel reads, 5 retries, 350 ms doubling', () => {
    expect(TRANSLATION_LOADING).toEqual({ maxParallelReads: 10, maxRetries: 5, retryDelayMs: 350 })
  })

  it('retries a failed read after 350, 700, 1400 ms… and succeeds', async () => {
    const delays: number[] = []
    let calls = 0
    const flaky = () => (++calls <= 3 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: { a: 'A' } }))
    const messages = await loadMessages('en', {
      files: { '../../locales/en/x.json': flaky },
      sleep: async (ms) => void delays.push(ms),
    })
    expect(messages).toEqual({ x: { a: 'A' } })
    expect(delays).toEqual([350, 700, 1400])
  })

  it('gives up after 5 retries (6 reads) with the last error', async () => {
    const delays: number[] = []
    const broken = vi.fn(() => Promise.reject(new Error('gone')))
    await expect(
      loadMessages('en', { files: { '../../locales/en/x.json': broken }, sleep: async (ms) => void delays.push(ms) }),
    ).rejects.toThrow('gone')
    expect(broken).toHaveBeenCalledTimes(6)
    expect(delays).toEqual([350, 700, 1400, 2800, 5600])
  })

  it('reads at most 10 files at a time', async () => {
    let active = 0
    let peak = 0
    const files = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [
        `../../locales/en/ns${i}.json`,
        async () => {
          active++
          peak = Math.max(peak, active)
          await new Promise((resolve) => setTimeout(resolve, 5))
          active--
          return { default: { i } }
        },
      ]),
    )
    const messages = await loadMessages('en', { files })
    expect(Object.keys(messages)).toHaveLength(25)
    expect(peak).toBe(10)
  })

  it('falls back to English for a language without files', async () => {
    const messages = await loadMessages('sw', { files: { '../../locales/en/common.json': file({ hi: 'Hi' }) } })
    expect(messages).toEqual({ common: { hi: 'Hi' } })
  })
})
