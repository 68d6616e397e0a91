import { describe, expect, it } from 'vitest'

import { homeOf, safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it.each([
    ['/app/books?x=1', '/app/books?x=1'],
    ['/manager', '/manager'],
    ['/app/books?x=1#top', '/app/books?x=1#top'],
    ['/app/../manager/users', '/manager/users'],
    ['/onboarding?redirect=%2Fapp', '/onboarding?redirect=%2Fapp'],
  ])('keeps the same-site path %j', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected)
  })

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with a path', '//evil.com/app'],
    ['backslash host', '/\\evil.com'],
    ['absolute URL', 'https://evil.com'],
    ['absolute URL of this site', 'http://localhost:3000/app'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'app/books'],
    ['tab inside the slashes', '/\t/evil.com'],
    ['newline inside the slashes', '/\n/evil.com'],
    ['dot segment to //host', '/..//evil.com'],
    ['dot segment to //host, deeper', '/app/..//evil.com'],
    ['single dot to //host', '/.//evil.com'],
    ['encoded dots to //host', '/%2e%2e//evil.com'],
    ['dot segment to \\host', '/./\\evil.com'],
    ['backslashes and dots', '/app\\..\\\\evil.com'],
    ['the login page', '/login'],
    ['the login page with a query', '/login?x'],
    ['the verify page', '/login/verify?email=a%40b.co'],
    ['the login page through dot segments', '/app/../login'],
    ['empty', ''],
    ['missing', undefined],
    ['null', null],
  ])('refuses %s (%j)', (_label, value) => {
    expect(safeRedirect(value)).toBeUndefined()
  })

  it('never returns something a browser would read as another host', () => {
    const attempts = ['/', '//', '/\\', '\\', '/.', '/..', '/%2e', '/%2f', '/\t', 'evil.com', '/@evil.com']
    for (const a of attempts) {
      for (const b of attempts) {
        const result = safeRedirect(`${a}${b}evil.com`)
        if (result === undefined) continue
        expect(new URL(result, 'https://site.example').host, `${a}${b}evil.com → ${result}`).toBe('site.example')
      }
    }
  })
})

describe('homeOf', () => {
  it('sends an admin to the manager and everyone else to the app', () => {
    expect(homeOf('admin')).toBe('/manager')
    expect(homeOf('user')).toBe('/app')
    expect(homeOf('Admin')).toBe('/app')
    expect(homeOf('superuser')).toBe('/app')
    expect(homeOf(null)).toBe('/app')
    expect(homeOf(undefined)).toBe('/app')
  })
})
