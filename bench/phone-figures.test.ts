import { describe, expect, it } from 'vitest'

import { interactionToNextPaint, networkConditions, parseDotenv, PHONE_PROFILE } from './phone-figures'

describe('interactionToNextPaint', () => {
  it('is undefined without an interaction', () => {
    expect(interactionToNextPaint([])).toBeUndefined()
    expect(interactionToNextPaint([{ name: 'mousemove', interactionId: 0, duration: 400 }])).toBeUndefined()
  })

  it("takes each interaction's longest event and the worst interaction", () => {
    const entries = [
      { name: 'keydown', interactionId: 1, duration: 24 },
      { name: 'keyup', interactionId: 1, duration: 120 },
      { name: 'pointerdown', interactionId: 2, duration: 48 },
      { name: 'click', interactionId: 2, duration: 64 },
      { name: 'mouseover', interactionId: 0, duration: 900 },
    ]
    expect(interactionToNextPaint(entries)).toEqual({ inpMs: 120, interactions: 2 })
  })

  it('skips the worst interaction of every 50 (the 98th percentile)', () => {
    const entries = Array.from({ length: 100 }, (_, index) => ({
      name: 'keydown',
      interactionId: index + 1,
      duration: index + 1,
    }))
    expect(interactionToNextPaint(entries)).toEqual({ inpMs: 98, interactions: 100 })
    expect(interactionToNextPaint(entries.slice(0, 49))).toEqual({ inpMs: 49, interactions: 49 })
  })
})

describe('networkConditions', () => {
  it("converts the phone profile's kbit/s to bytes per second as Lighthouse does", () => {
    expect(networkConditions(PHONE_PROFILE)).toEqual({
      offline: false,
      latency: 150,
      downloadThroughput: 209_715,
      uploadThroughput: 96_000,
    })
  })
})

describe('parseDotenv', () => {
  it('reads values, quotes, comments and ${} references as dotenv-expand does', () => {
    const text = [
      '# a comment',
      'VITE_PORT=4310',
      '',
      'VITE_BASE_URL="http://127.0.0.1:${VITE_PORT}"',
      'AUTH_SESSION_EXPIRATION_IN_SECONDS=2592000 # 30 days',
      "LITERAL='${VITE_PORT}'",
      'MISSING=${NOPE}/x',
      'export SPACED = value  ',
    ].join('\n')
    expect(parseDotenv(text)).toEqual({
      VITE_PORT: '4310',
      VITE_BASE_URL: 'http://127.0.0.1:4310',
      AUTH_SESSION_EXPIRATION_IN_SECONDS: '2592000',
      LITERAL: '${VITE_PORT}',
      MISSING: '/x',
      SPACED: 'value',
    })
  })
})
