import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { cpuNanoseconds, statTicks } from './cpu'

describe('where a request’s CPU went (bench/cpu.ts)', () => {
  it('reads the name and the CPU ticks of a /proc stat line, a name with spaces and brackets too', () => {
    const fields = (name: string) =>
      `4242 (${name}) S 1 4242 4242 0 -1 4194560 900 0 0 0 120 30 7 3 20 0 1 0 1000 200000000 5000`
    expect(statTicks(fields('postgres'))).toEqual({ name: 'postgres', ticks: 120 + 30 + 7 + 3 })
    expect(statTicks(fields('a (b) c'))).toEqual({ name: 'a (b) c', ticks: 160 })
  })

  it('reads this process’s own line as the kernel writes it', () => {
    const own = statTicks(readFileSync('/proc/self/stat', 'utf8'))
    expect(own.name).not.toBe('')
    expect(Number.isInteger(own.ticks) && own.ticks >= 0).toBe(true)
  })

  it('counts a process’s threads’ CPU, which grows as it works', () => {
    const before = cpuNanoseconds(process.pid)
    const end = performance.now() + 50
    while (performance.now() < end); // 50 ms on the CPU, most of it this thread's
    expect(cpuNanoseconds(process.pid) - before).toBeGreaterThan(20e6)
  })
})
