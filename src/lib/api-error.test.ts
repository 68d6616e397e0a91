import { ORPCError } from '@orpc/client'
import { describe, expect, it, vi } from 'vitest'

import { createTestI18n } from '@/lib/i18n/testing'

import { apiErrorMessage, applyFieldErrors } from './api-error'
import { apiErrorStatus, retryQuery } from './api-status'

const conflict = new ORPCError('CONFLICT', {
  status: 409,
  message: 'Titre déjà utilisé avec le même auteur',
  data: { key: 'book:errors.titleTaken', fields: { title: 'book:errors.titleTaken' } },
})

describe('apiErrorMessage', () => {
  it("translates the error's key in the page's current language, not the server's", async () => {
    const i18n = await createTestI18n('en')
    expect(apiErrorMessage(i18n.t, conflict, 'ui:api.unexpected')).toBe('Title already used with the same author')
  })

  it('uses the fallback for an unexpected failure or an error without our data', async () => {
    const i18n = await createTestI18n('en')
    const unexpected = new ORPCError('INTERNAL_SERVER_ERROR', { data: { key: 'ui:api.unexpected' } })
    expect(apiErrorMessage(i18n.t, unexpected, 'ui:api.conflict')).toBe('This already exists.')
    expect(apiErrorMessage(i18n.t, new TypeError('Failed to fetch'), 'ui:api.conflict')).toBe('This already exists.')
  })

  it('interpolates values', async () => {
    const i18n = await createTestI18n('en')
    const forbidden = new ORPCError('FORBIDDEN', { data: { key: 'ui:api.forbidden', values: { resource: 'book' } } })
    expect(apiErrorMessage(i18n.t, forbidden, 'ui:api.unexpected')).toBe('You are not allowed to access resource: book')
  })
})

describe('applyFieldErrors', () => {
  it('sets each known field message (as its key) and focuses the first', () => {
    const setError = vi.fn()
    expect(applyFieldErrors(conflict, setError, ['title', 'author'])).toBe(true)
    expect(setError).toHaveBeenCalledExactlyOnceWith(
      'title',
      { type: 'server', message: 'book:errors.titleTaken' },
      { shouldFocus: true },
    )
  })

  it('reports false when no field of the form is concerned', () => {
    const setError = vi.fn()
    expect(applyFieldErrors(conflict, setError, ['author'])).toBe(false)
    expect(setError).not.toHaveBeenCalled()
  })
})

it('apiErrorStatus reads the HTTP status when there is one', () => {
  expect(apiErrorStatus(conflict)).toBe(409)
  expect(apiErrorStatus(new Error('x'))).toBeUndefined()
})

describe('retryQuery', () => {
  it('retries network and server failures three times', () => {
    expect(retryQuery(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(retryQuery(2, { status: 500 })).toBe(true)
    expect(retryQuery(3, { status: 503 })).toBe(false)
  })

  it('never retries an answer about the request itself (4xx)', () => {
    for (const status of [400, 401, 403, 404, 409]) expect(retryQuery(0, { status })).toBe(false)
  })

  it('retries a 503 in the browser, never on the server: the page answers 503 at once', () => {
    expect(retryQuery(0, { status: 503 })).toBe(false)
    expect(retryQuery(0, { status: 500 })).toBe(true)
    vi.stubGlobal('window', {})
    try {
      expect(retryQuery(0, { status: 503 })).toBe(true)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
