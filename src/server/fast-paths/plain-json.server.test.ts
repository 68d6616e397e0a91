import { OpenAPIHandler } from '@orpc/openapi/fetch'
import { os } from '@orpc/server'
import { describe, expect, it } from 'vitest'

import { isPlainJson, plainJsonAnswers } from './plain-json.server'

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

/** Values a procedure might answer, plain or not. */
const VALUES: Record<string, unknown> = {
  page: {
    items: [
      { id: 'a', title: 'Été', author: 'Zoë', publisher: null, cover: undefined, genre: { id: 'g', name: 'n' } },
      { id: 'b', title: '"quoted"\n', createdAt: '2026-11-28T09:00:00.000Z', genre: null },
    ],
    nextCursor: null,
    total: 2,
    totalCapped: false,
  },
  numbers: { nan: Number.NaN, infinity: Number.POSITIVE_INFINITY, zero: -0, big: 2 ** 60 },
  holes: [1, undefined, null, 'x'],
  nullPrototype: Object.assign(Object.create(null) as object, { a: 1 }),
  date: { at: new Date('2026-11-28T09:00:00Z'), invalid: new Date(Number.NaN) },
  set: { tags: new Set(['a', 'b']) },
  map: { byId: new Map([['a', 1]]) },
  bigint: { n: 12n },
  url: { link: new URL('https://example.test/a?b=c') },
  regexp: { pattern: /a+/g },
  instance: { point: new Point(1, 2) },
  toJson: { toJSON: () => 'replaced', kept: 1 },
  toJsonValue: { toJSON: 'a string', kept: 1 },
  deep: JSON.parse(`${'['.repeat(40)}1${']'.repeat(40)}`) as unknown,
  frozen: Object.freeze({ items: Object.freeze([Object.freeze({ id: 'f' })]) }),
  text: 'just a string',
  nothing: null,
}

/** A REST router answering each value above at `/value/{name}`. */
const router = {
  value: os
    .route({ method: 'GET', path: '/value/{name}' })
    .handler(({ input }) => VALUES[(input as { name: string }).name]),
  blob: os.route({ method: 'GET', path: '/blob' }).handler(() => new Blob(['bytes'], { type: 'text/plain' })),
}

const answer = async (handler: OpenAPIHandler<object>, path: string) => {
  const { response } = await handler.handle(new Request(`http://app.test/api${path}`), { prefix: '/api', context: {} })
  return { status: response!.status, type: response!.headers.get('content-type'), body: await response!.text() }
}

describe('plainJsonAnswers', () => {
  it("finds oRPC's serializer where it relies on it (fails when an oRPC upgrade moves it)", () => {
    expect(plainJsonAnswers(new OpenAPIHandler(router))).toBe(true)
    expect(plainJsonAnswers({})).toBe(false)
  })

  it("answers every value exactly as oRPC's own serializer does, plain or not", async () => {
    const theirs = new OpenAPIHandler(router)
    const ours = new OpenAPIHandler(router)
    plainJsonAnswers(ours)
    for (const name of Object.keys(VALUES)) {
      expect(await answer(ours, `/value/${name}`), name).toEqual(await answer(theirs, `/value/${name}`))
    }
    expect(await answer(ours, '/blob')).toEqual(await answer(theirs, '/blob'))
  })

  it('hands on only what needs no conversion', () => {
    expect(isPlainJson(VALUES.page)).toBe(true)
    expect(isPlainJson(VALUES.holes)).toBe(true)
    expect(isPlainJson(VALUES.frozen)).toBe(true)
    expect(isPlainJson(VALUES.nullPrototype)).toBe(true)
    for (const name of ['date', 'set', 'map', 'bigint', 'url', 'regexp', 'instance', 'toJson', 'toJsonValue', 'deep'])
      expect(isPlainJson(VALUES[name]), name).toBe(false)
    expect(isPlainJson(() => 1)).toBe(false)
    expect(isPlainJson(Symbol('s'))).toBe(false)
  })
})
