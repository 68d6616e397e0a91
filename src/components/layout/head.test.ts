import { describe, expect, it } from 'vitest'

import { loadPageMessages } from '@/lib/i18n/messages'

import { pageHead, pageTitle, rootHead, titledHead } from './head'

// As the root loader leaves it: the language in its data, the messages read (not in the data).
const contextIn = async (language: 'en' | 'fr' | 'ar' | 'sw') => {
  await loadPageMessages(language)
  return { matches: [{ loaderData: { language } }, { loaderData: undefined }] }
}

describe('page titles', () => {
  it('are the translated page name and the product name', async () => {
    expect(pageTitle(await contextIn('en'), 'pages.books')).toBe('Books · Start Books')
    expect(pageTitle(await contextIn('fr'), 'pages.dashboard')).toBe('Tableau de bord · Start Books')
    expect(pageTitle(await contextIn('ar'), 'pages.users')).toBe('المستخدمون · Start Books')
    expect(pageHead('auth:login.title')(await contextIn('sw')).meta).toEqual([{ title: 'Ingia · Start Books' }])
  })

  it('fall back to the product name when the key or the messages are missing', async () => {
    // @ts-expect-error a key missing from the messages (the type check refuses it too)
    expect(pageTitle(await contextIn('en'), 'pages.nope')).toBe('Start Books')
    expect(pageTitle({ matches: [] }, 'pages.books')).toBe('Start Books')
  })
})

describe('root head', () => {
  it('has a translated description, the icons and the manifest', async () => {
    const head = rootHead(await contextIn('fr'))
    expect(head.meta).toContainEqual({ name: 'description', content: expect.stringContaining('catalogue de livres') })
    expect(head.links).toEqual(
      expect.arrayContaining([
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        { rel: 'icon', href: '/icon-192.png', type: 'image/png', sizes: '192x192' },
        { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
        { rel: 'manifest', href: '/manifest.webmanifest' },
      ]),
    )
  })
})

describe('titled head', () => {
  it("titles a detail page by its data, else by the page's name", async () => {
    const head = titledHead((book?: { title: string }) => book?.title, 'pages.books')
    const context = await contextIn('en')
    expect(head({ ...context, loaderData: { title: 'Dune' } }).meta).toEqual([{ title: 'Dune · Start Books' }])
    expect(head(context).meta).toEqual([{ title: 'Books · Start Books' }])
  })
})

describe('error page titles (issue 27)', () => {
  const failing = async (language: 'en' | 'ar', match: { status: string; error?: unknown; _notFound?: boolean }) => {
    const { matches } = await contextIn(language)
    return { matches: [matches[0]!, { loaderData: undefined, ...match }] }
  }

  it('say what the page is, translated, whichever head runs', async () => {
    const forbidden = await failing('en', { status: 'error', error: new Error('FORBIDDEN') })
    expect(rootHead(forbidden).meta).toContainEqual({ title: 'You do not have access to this page · Start Books' })
    const missing = await failing('en', { status: 'notFound' })
    expect(pageHead('pages.books')(missing).meta).toEqual([{ title: 'Not Found · Start Books' }])
    expect(titledHead(() => 'Dune', 'pages.books')(missing).meta).toEqual([{ title: 'Not Found · Start Books' }])
    const failed = await failing('ar', { status: 'error', error: Object.assign(new Error('x'), { status: 500 }) })
    expect(rootHead(failed).meta).toContainEqual({ title: 'خطأ في الخادم · Start Books' })
    const broken = await failing('en', { status: 'error', error: new Error('boom') })
    expect(rootHead(broken).meta).toContainEqual({ title: 'Something went wrong! · Start Books' })
  })

  it('leave a page that did not fail alone', async () => {
    expect(rootHead(await contextIn('en')).meta).toContainEqual({ title: 'Start Books' })
  })
})
