import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Database } from '@/server/db/client.server'
import { keptReads } from '@/server/fast-paths/kept-reads.server'

import { ChangeNotices, hearChangeNotices, type Listen } from './change-notices.server'

/** A listener driven by the test: `connect()` lets it start, `lose()` drops it. */
function fakeListener() {
  let notice: (payload?: string) => void = () => {}
  let lost = () => {}
  let connect: () => void = () => {}
  const stop = vi.fn(async () => {})
  const listen: Listen = (onNotice, onLost) => {
    notice = onNotice
    lost = onLost
    return new Promise((resolve) => (connect = () => resolve(stop)))
  }
  return { listen, stop, notice: (payload?: string) => notice(payload), lose: () => lost(), connect: () => connect() }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

async function heardDatabase() {
  const listener = fakeListener()
  const notices = new ChangeNotices(listener.listen)
  const db = {} as Database
  hearChangeNotices(db, notices)
  expect(notices.version()).toBeUndefined()
  listener.connect()
  await settle()
  return { db, notices, listener }
}

afterEach(() => vi.useRealTimers())

/** A test's kept value depends on the user it names, and on the whole genre table. */
const userOf = (name: string) => [`user:${name}`, 'genre']

describe('keptReads, by key', () => {
  it('forgets only the values that depend on a key a notice names', async () => {
    const { db, listener } = await heardDatabase()
    const kept = keptReads<string>({ name: 'test', reads: [], dependsOn: userOf, max: 10, maxAgeMs: 60_000 })
    const read = vi.fn(async (name: string) => name)
    const both = async () => [await kept(db, 'a', () => read('alice')), await kept(db, 'b', () => read('bob'))]
    expect(await both()).toEqual(['alice', 'bob'])
    listener.notice('user:carol,book:1')
    await both()
    expect(read).toHaveBeenCalledTimes(2)
    listener.notice('user:alice')
    await both()
    expect(read.mock.calls.map(([name]) => name)).toEqual(['alice', 'bob', 'alice'])
    // A row of a table they depend on as a whole, then a notice that names nothing: both forgotten.
    listener.notice('genre:7')
    await both()
    listener.notice('')
    await both()
    expect(read).toHaveBeenCalledTimes(7)
  })

  it('keeps a read during which only other keys changed, not one during which its own did', async () => {
    const { db, listener } = await heardDatabase()
    const kept = keptReads<string>({ name: 'test', reads: [], dependsOn: userOf, max: 10, maxAgeMs: 60_000 })
    let announce = 'user:bob'
    const read = vi.fn(async () => {
      listener.notice(announce)
      return 'alice'
    })
    await kept(db, 'a', read)
    await kept(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(1)
    listener.notice('user:alice')
    announce = 'user:alice'
    await kept(db, 'a', read)
    await kept(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(3)
  })

  it('forgets everything when the notices since a read are too many to remember', async () => {
    const { db, listener } = await heardDatabase()
    const kept = keptReads<string>({ name: 'test', reads: [], dependsOn: userOf, max: 10, maxAgeMs: 60_000 })
    const read = vi.fn(async () => 'alice')
    await kept(db, 'a', read)
    for (let i = 0; i < 5000; i++) listener.notice(`user:u${i}`)
    await kept(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(2)
  })
})

describe('ChangeNotices.changesSince', () => {
  it('names the keys since any version still remembered, everything before, across the forgetting of the oldest', async () => {
    const { notices, listener } = await heardDatabase()
    const start = notices.version()!
    // What each version's notice named (undefined: a notice that names nothing).
    const named = new Map<number, string[] | undefined>()
    const expected = (since: number, now: number): readonly string[] | 'everything' => {
      const keys: string[] = []
      for (let version = since + 1; version <= now; version++) {
        const names = named.get(version)
        if (!names) return 'everything'
        keys.push(...names)
      }
      return keys
    }
    for (let i = 1; i <= 2600; i++) {
      const payload = i % 997 === 0 ? '' : `user:u${i}`
      listener.notice(payload)
      named.set(notices.version()!, payload ? [payload] : undefined)
      if (i % 50 !== 0) continue
      const now = notices.version()!
      // The last 1,024 notices are always remembered, never more than 2,048; a future version is not known.
      for (const since of [start, now - 1024, now - 1025, now - 2048, now - 2049, now - 3, now - 1, now, now + 1]) {
        const changes = notices.changesSince(since)
        const label = `since ${since} at ${now}`
        if (since > now || since < now - 2048) expect(changes, label).toBe('everything')
        else if (since >= now - 1024) expect(changes, label).toEqual(expected(since, now))
        // Between the two, remembered or not: never a wrong list of keys.
        else if (changes !== 'everything') expect(changes, label).toEqual(expected(since, now))
      }
    }
  })
})

describe('keptReads', () => {
  it('keeps a read until a change notice, then reads again', async () => {
    const { db, listener } = await heardDatabase()
    const kept = keptReads<string>({ name: 'test', reads: [], dependsOn: userOf, max: 10, maxAgeMs: 60_000 })
    const read = vi.fn(async () => 'alice')
    expect(await kept(db, 'a', read)).toBe('alice')
    expect(await kept(db, 'a', read)).toBe('alice')
    expect(read).toHaveBeenCalledTimes(1)
    listener.notice()
    expect(await kept(db, 'a', read)).toBe('alice')
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('does not keep a read during which a change was announced', async () => {
    const { db, listener } = await heardDatabase()
    const kept = keptReads<string>({ name: 'test', reads: [], dependsOn: userOf, max: 10, maxAgeMs: 60_000 })
    const read = vi.fn(async () => {
      listener.notice()
      return 'before the write'
    })
    await kept(db, 'a', read)
    await kept(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('reads every time while notices are not heard: before listening, after losing it, and without a listener', async () => {
    const listener = fakeListener()
    const notices = new ChangeNotices(listener.listen)
    const db = {} as Database
    hearChangeNotices(db, notices)
    const kept = keptReads<string>({ name: 'test', reads: [], dependsOn: userOf, max: 10, maxAgeMs: 60_000 })
    const read = vi.fn(async () => 'x')
    await kept(db, 'a', read)
    await kept(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(2)

    listener.connect()
    await settle()
    await kept(db, 'a', read)
    await kept(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(3)

    listener.lose()
    expect(listener.stop).toHaveBeenCalled()
    await kept(db, 'a', read)
    await kept(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(5)
    await notices.close()

    const unheard = {} as Database
    await kept(unheard, 'a', read)
    await kept(unheard, 'a', read)
    expect(read).toHaveBeenCalledTimes(7)
  })

  it('listens again after losing the connection, and trusts nothing read before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { db, notices, listener } = await heardDatabase()
    const kept = keptReads<string>({ name: 'test', reads: [], dependsOn: userOf, max: 10, maxAgeMs: 60_000 })
    const read = vi.fn(async () => 'x')
    await kept(db, 'a', read)
    listener.lose()
    expect(notices.version()).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1000)
    listener.connect()
    await vi.advanceTimersByTimeAsync(0)
    expect(notices.version()).toBeDefined()
    await kept(db, 'a', read)
    await kept(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(2)
    await notices.close()
  })

  it('keeps no undefined read, at most `max` reads, none older than `maxAgeMs`', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { db } = await heardDatabase()
    const kept = keptReads<string>({ name: 'test', reads: [], dependsOn: userOf, max: 2, maxAgeMs: 1000 })
    const missing = vi.fn(async () => undefined)
    await kept(db, 'gone', missing)
    await kept(db, 'gone', missing)
    expect(missing).toHaveBeenCalledTimes(2)

    const read = vi.fn(async () => 'x')
    for (const key of ['a', 'b', 'c']) await kept(db, key, read)
    await kept(db, 'c', read)
    await kept(db, 'b', read)
    expect(read).toHaveBeenCalledTimes(3)
    await kept(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(4)

    vi.advanceTimersByTime(1000)
    await kept(db, 'a', read)
    expect(read).toHaveBeenCalledTimes(5)
  })
})
