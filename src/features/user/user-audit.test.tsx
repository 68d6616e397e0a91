// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import type { Language } from '@/lib/i18n/config'
import { createTestI18n, withI18n } from '@/lib/i18n/testing'

import type { AuditEntry } from './schema'
import { AuditRow } from './user-audit'

afterEach(cleanup)

const admin = { id: 'a1', name: 'Ada Admin', email: 'ada@example.com' }
const person = { id: 'u1', name: '', email: 'zed@example.com' }
const removed: AuditEntry = {
  id: 'r1',
  action: 'passkey.remove',
  actor: admin,
  actingAs: null,
  details: { name: 'Phone' },
  ip: null,
  createdAt: '2026-11-27T10:00:00.000Z',
}

async function rowText(entry: AuditEntry, language: Language = 'en') {
  render(<AuditRow entry={entry} />, { wrapper: withI18n(await createTestI18n(language)) })
  return screen.getByTestId('audit-row').textContent
}

describe('an audit row', () => {
  it('names the admin who acted, and the person they acted as when impersonating', async () => {
    const plain = await rowText(removed)
    expect(plain).toContain('by Ada Admin')
    expect(plain).not.toContain(' as ')
    cleanup()
    expect(await rowText({ ...removed, actingAs: person })).toContain('by Ada Admin as zed@example.com')
  })

  it.each([
    ['fr', 'par Ada Admin en tant que zed@example.com'],
    ['ar', 'بواسطة Ada Admin متصرفًا باسم zed@example.com'],
    ['sw', 'na Ada Admin akiwa kama zed@example.com'],
  ] as const)('says so in %s', async (language, expected) => {
    expect(await rowText({ ...removed, actingAs: person }, language)).toContain(expected)
  })
})
