import { describe, expect, it } from 'vitest'

import { z } from '@/lib/i18n/zod'

import { outboxId } from './outbox.server'

describe('outboxId', () => {
  it('is a valid UUID (the jobs API refuses any other id), the same for the same key', () => {
    expect(z.uuid().safeParse(outboxId('loginCode:a@example.com:123456')).success).toBe(true)
    expect(outboxId('a key')).toBe(outboxId('a key'))
    expect(outboxId('a key')).not.toBe(outboxId('another key'))
  })
})
