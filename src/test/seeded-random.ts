/**
 * One seeded random source for every generated input (property tests, the
 * fuzzer, the bench's workload): a failure names its seed, and the seed
 * replays it.
 */

/** mulberry32: a small, fast PRNG with a 32-bit state, in [0, 1); plenty for test inputs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

/** The seeded source with the draws the generators use. */
export function seededChoices(seed: number) {
  const next = seededRandom(seed)
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => {
    if (!items.length) throw new Error('nothing to pick from')
    return items[int(items.length)]!
  }
  return { next, int, pick, chance: (p: number) => next() < p }
}

export type SeededChoices = ReturnType<typeof seededChoices>
