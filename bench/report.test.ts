import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import type { MixedReport } from './mixed'
import { nearFloorMarkdown, replaceReport, REPORT_FILE } from './report'

describe('the Results section of docs/performance.md', () => {
  const page = readFileSync(REPORT_FILE, 'utf8')
  const start = /<!-- bench:start[^>]*-->/.exec(page)?.[0]
  const end = '<!-- bench:end -->'

  it('has its two markers, once each, in order', () => {
    expect(start).toBeDefined()
    expect(page.split(start!).length).toBe(2)
    expect(page.split(end).length).toBe(2)
    expect(page.indexOf(start!)).toBeLessThan(page.indexOf(end))
  })

  it('is what a run replaces, leaving the rest of the page as it is', () => {
    const replaced = replaceReport(page, `${start}\n\nnew figures\n\n${end}`)
    expect(replaced).toContain('new figures')
    expect(replaced.slice(0, replaced.indexOf(start!))).toBe(page.slice(0, page.indexOf(start!)))
    expect(replaced.slice(replaced.indexOf(end))).toBe(page.slice(page.indexOf(end)))
  })
})

describe('the near-the-floor table of the mixed run (issue 41 part 5)', () => {
  const load = (rps: number) => ({ rps, p50: 10, p99: 50, requests: rps * 10, non2xx: 0, errors: 0 })
  const mixed = (rps: number) => ({ ...load(rps), reads: rps * 9, writes: rps, kinds: {}, failures: [] })
  const report: MixedReport = {
    connections: 20,
    seconds: 10,
    rounds: 3,
    people: 100,
    admins: 20,
    loads: [1, 1, 1],
    floors: [{ books: 100_000, requests: 2000, units: 5000, replayed: 1000, leftOut: 0 }],
    apps: [
      {
        app: 'this product',
        books: 100_000,
        runs: [mixed(250), mixed(260), mixed(240)],
        login: [load(6000), load(5800), load(6100)],
        searches: [load(180), load(170), load(190)],
        pages: [load(150), load(140), load(160)],
        floor: [300, 320, 310],
        cpu: [
          { client: 0.2, server: 1.1, postgres: 1.6, floorPostgres: 2.0 },
          { client: 0.3, server: 0.9, postgres: 1.5, floorPostgres: 1.8 },
          { client: 0.25, server: 1.0, postgres: 1.7 },
        ],
        kept: [1, 2, 3].map(() => ({
          sessions: { hits: 95, lookups: 100 },
          firstPages: { hits: 40, lookups: 50 },
        })),
      },
      { app: 'this product, through PgBouncer', books: 100_000, runs: [mixed(200)] },
      {
        app: 'start-ui-web',
        books: 100_000,
        runs: [mixed(10), mixed(9), mixed(11)],
        login: [load(1000), load(1000), load(1000)],
        searches: [load(15), load(14), load(16)],
        pages: [load(14), load(13), load(15)],
      },
    ],
  }

  it('fills every column for both apps, then the ratios with the goals', () => {
    const lines = nearFloorMarkdown(report).filter((line) => line.startsWith('| 100,000'))
    expect(lines).toEqual([
      '| 100,000 | this product | 250 | 310 | 0.81 | 0.25 · 1.00 · 1.60 (1.90) | 95 % of 300 | 80 % of 150 | 6,000 | 150 | 180 | 0.83 |',
      '| 100,000 | start-ui-web | 10 | – | – | – | – | – | 1,000 | 14 | 15 | 0.93 |',
      '| 100,000 | this product ÷ start-ui-web | 25.0× | | ≥ 0.8: met | | ≥ 90 %: met | ≥ 80 %: met | 6.0× (≥ 5×: met) | 10.7× | 12.0× | ≥ 0.8: met |',
    ])
  })

  it('judges the goals alone, without a ratio, in a run without start-ui-web', () => {
    const alone = { ...report, apps: report.apps.filter((app) => app.app !== 'start-ui-web') }
    const lines = nearFloorMarkdown(alone).filter((line) => line.startsWith('| 100,000'))
    expect(lines).toEqual([
      '| 100,000 | this product | 250 | 310 | 0.81 | 0.25 · 1.00 · 1.60 (1.90) | 95 % of 300 | 80 % of 150 | 6,000 | 150 | 180 | 0.83 |',
      '| 100,000 | goals | – | | ≥ 0.8: met | | ≥ 90 %: met | ≥ 80 %: met | – | – | – | ≥ 0.8: met |',
    ])
  })

  it('is left out of a run without those figures', () => {
    expect(nearFloorMarkdown({ ...report, apps: [{ app: 'this product', books: 1, runs: [mixed(1)] }] })).toEqual([])
  })
})
