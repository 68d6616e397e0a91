import { describe, expect, it } from 'vitest'

import { queryState } from './query-state'

describe('queryState', () => {
  it('is pending until there is data or a failure, then error or default', () => {
    expect(queryState({ isPending: true, isError: false })).toBe('pending')
    expect(queryState({ isPending: false, isError: true })).toBe('error')
    expect(queryState({ isPending: false, isError: false })).toBe('default')
  })
})
