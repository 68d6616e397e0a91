import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { serialize } from 'seroval'
import { describe, expect, it } from 'vitest'

import type { SessionUser } from '@/lib/auth/session'
import { initials } from '@/lib/initials'
import { seededRandom } from '@/test/seeded-random'

import { fillPage, sharedPage, standInFor } from './shared-render.server'

// The split and the filling of a shared page (shared-render.server.ts) against the escapers that
// write a real page: React's for the markup (the user menu's avatar, initials, name and e-mail), and
// seroval's for the router's inline script that carries the session. A person's page made from the
// stand-in's render must be the page rendered for them, byte for byte, whatever their values hold.

/** A page as the app sends one (UTF-8: a broken character becomes U+FFFD): the user menu, and the session in an inline script. */
function page(person: SessionUser, nonce: string, extra?: (person: SessionUser) => string) {
  return utf8(
    renderToString(
      h(
        'html',
        null,
        h('head', null, h('meta', { property: 'csp-nonce', content: nonce })),
        h(
          'body',
          null,
          // As the user menu's avatar (src/components/ui/avatar.tsx) shows a person: a picture or initials.
          person.avatar
            ? h('img', {
                alt: '',
                src: `/api/rest/pictures/avatars/${encodeURIComponent(person.id)}/${person.avatar}-64.webp`,
              })
            : h('span', { 'aria-hidden': true }, initials(person.name)),
          h('span', { className: 'truncate' }, person.name),
          h('span', { title: person.email }, person.email),
          extra && h('p', null, extra(person)),
          h('script', {
            nonce,
            dangerouslySetInnerHTML: { __html: `$R[1]=${serialize({ session: person, books: ['A <b>', '"x"'] })}` },
          }),
        ),
      ),
    ),
  )
}

const utf8 = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text))

const NASTY = [
  '<',
  '>',
  '&',
  '"',
  "'",
  '\\',
  '/',
  '</script>',
  '\u2028',
  '\u2029',
  '\n',
  ' ',
  'é',
  'ü',
  '😀',
  '%',
  '$&',
  'a',
  'Z',
]

function randomText(random: () => number, length: number) {
  let text = ''
  for (let i = 0; i < length; i++) text += NASTY[Math.floor(random() * NASTY.length)]
  return text
}

function randomPerson(random: () => number): SessionUser {
  return {
    id: `${randomText(random, 4)}-${Math.floor(random() * 1e9)}`,
    name: `${randomText(random, 1 + Math.floor(random() * 6))} ${randomText(random, 1 + Math.floor(random() * 6))}`,
    email: `${randomText(random, 5)}@example.com`,
    emailVerified: random() < 0.5,
    image: random() < 0.5 ? null : `https://pictures.example/${randomText(random, 4)}`,
    avatar: random() < 0.5 ? null : randomText(random, 6),
    role: random() < 0.5 ? 'admin' : 'user',
    onboardedAt: random() < 0.2 ? null : new Date(1_700_000_000_000 + Math.floor(random() * 1e10)).toISOString(),
    impersonatedBy: null,
  }
}

describe('a shared page', () => {
  it("is, filled for a person, that person's own render, whatever their values hold (1,000 people)", () => {
    const random = seededRandom(41)
    for (let i = 0; i < 1000; i++) {
      const person = randomPerson(random)
      const standIn = standInFor(person)
      const split = sharedPage(page(standIn, 'render-nonce'), standIn, 'render-nonce')
      expect(split).toBeDefined()
      expect(fillPage(split!, person, 'answer+nonce/==').toString()).toBe(page(person, 'answer+nonce/=='))
    }
  })

  it('is not one person filled into another shape: the stand-in keeps the role and which fields are absent', () => {
    const person = randomPerson(seededRandom(7))
    const standIn = standInFor({ ...person, avatar: null, image: 'x' })
    expect(standIn.role).toBe(person.role)
    expect(standIn.avatar).toBeNull()
    expect(standIn.image).not.toBe('x')
    expect(standInFor({ ...person, impersonatedBy: 'admin-id' }).impersonatedBy).toBeNull()
  })

  it.each([
    ['a slice of the name', (person: SessionUser) => person.name.slice(0, 3)],
    ['the e-mail in capitals', (person: SessionUser) => person.email.toUpperCase()],
    ['the id reversed', (person: SessionUser) => [...person.id].reverse().join('')],
    ['the first code unit of the name (half a character)', (person: SessionUser) => person.name[0]!],
    ['the date of onboarding, formatted', (person: SessionUser) => person.onboardedAt!.slice(0, 10)],
  ])('is refused when the page shows %s (a use the replacements do not rebuild)', (_, shown) => {
    const person = { ...randomPerson(seededRandom(3)), onboardedAt: '2026-01-01T00:00:00.000Z' }
    const standIn = standInFor(person)
    expect(sharedPage(page(standIn, 'N0NCE', shown), standIn, 'N0NCE')).toBeUndefined()
  })

  it('names no stand-in that a text of the page could hold: a book titled like a name stays a title', () => {
    const person = randomPerson(seededRandom(5))
    const standIn = standInFor(person)
    const split = sharedPage(
      page(standIn, 'N0NCE', () => 'Admin admin@admin.com'),
      standIn,
      'N0NCE',
    )!
    expect(fillPage(split, { ...person, name: 'Admin', email: 'admin@admin.com' }, 'N0NCE').toString()).toContain(
      '<p>Admin admin@admin.com</p>',
    )
    expect(fillPage(split, person, 'N0NCE').toString()).toContain('<p>Admin admin@admin.com</p>')
  })
})
