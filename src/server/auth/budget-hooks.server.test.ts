import { describe, expect, it } from 'vitest'

import { mailbox } from './budget-hooks.server'

describe('the mailbox a per-address budget counts for', () => {
  it.each([
    ['victim@example.com', 'victim@example.com'],
    [' Victim@Example.COM ', 'victim@example.com'],
    ['victim+1@example.com', 'victim@example.com'],
    ['victim+a+b@example.com', 'victim@example.com'],
    ['victim+@example.com', 'victim@example.com'],
    ['v.i.c.tim+1@example.com', 'v.i.c.tim@example.com'],
    ['+1@example.com', '+1@example.com'],
    ['victim@ex+ample.com', 'victim@ex+ample.com'],
    ['no-at-sign+1', 'no-at-sign+1'],
  ])('%j counts as %j', (address, expected) => {
    expect(mailbox(address)).toBe(expected)
  })

  it.each([undefined, null, 42, '', '   ', ['a@b.c']])('%j counts for no address', (value) => {
    expect(mailbox(value)).toBeUndefined()
  })
})
