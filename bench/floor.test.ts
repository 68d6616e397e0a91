import { describe, expect, it } from 'vitest'

import {
  floorScripts,
  parseParameters,
  parsePgbenchOutput,
  parsePostgresLog,
  pgbenchScript,
  replayUnits,
  sample,
  withLiterals,
} from './floor'
import { fastPathCounts, keptHits } from './hit-rates'

// As PostgreSQL 15 (Debian's prefix) writes it with log_statement = all: a multi-line
// statement continues on tab-led lines; another database's lines are interleaved.
const LOG = [
  '2026-11-28 05:23:35.235 UTC [14976] postgres@bench_a LOG:  statement: begin',
  '2026-11-28 05:23:35.235 UTC [15000] postgres@other LOG:  statement: select 1',
  '2026-11-28 05:23:35.236 UTC [14976] postgres@bench_a LOG:  execute <unnamed>: insert into book (title) values ($1)',
  "2026-11-28 05:23:35.236 UTC [14976] postgres@bench_a DETAIL:  parameters: $1 = 'it''s; $2 fine'",
  '2026-11-28 05:23:35.236 UTC [14977] postgres@bench_a LOG:  execute page_1: select $1::text as a,',
  '\t  $2::int as b, $10 as c',
  "2026-11-28 05:23:35.237 UTC [14977] postgres@bench_a DETAIL:  parameters: $1 = 'x', $2 = '3', $10 = NULL",
  '2026-11-28 05:23:35.237 UTC [14976] postgres@bench_a LOG:  statement: commit',
  '2026-11-28 05:23:35.238 UTC [14978] postgres@bench_a LOG:  statement: LISTEN "changes"',
  '2026-11-28 05:23:35.238 UTC [14978] postgres@bench_a LOG:  execute <unnamed>: update session set x = $1',
  "2026-11-28 05:23:35.238 UTC [14978] postgres@bench_a DETAIL:  parameters: $1 = '1'",
  '2026-11-28 05:23:35.239 UTC [14977] postgres@bench_a LOG:  statement: select 2',
].join('\n')

describe("the floor's SQL from PostgreSQL's log", () => {
  it('reads parameters, quotes and NULL included', () => {
    expect([...parseParameters("parameters: $1 = 'a, $2 = b', $2 = NULL, $3 = '7'")]).toEqual([
      [1, "'a, $2 = b'"],
      [2, 'NULL'],
      [3, "'7'"],
    ])
    expect(
      withLiterals(
        'select $1, $10, $2',
        new Map([
          [1, "'$2'"],
          [2, 'NULL'],
          [10, "'ten'"],
        ]),
      ),
    ).toBe("select '$2', 'ten', NULL")
  })

  it("keeps one database's statements in order, with their parameters and continued lines", () => {
    expect(parsePostgresLog(LOG, 'bench_a')).toEqual([
      { pid: 14976, sql: 'begin' },
      { pid: 14976, sql: "insert into book (title) values ('it''s; $2 fine')" },
      { pid: 14977, sql: "select 'x'::text as a,\n  '3'::int as b, NULL as c" },
      { pid: 14976, sql: 'commit' },
      { pid: 14978, sql: 'LISTEN "changes"' },
      { pid: 14978, sql: "update session set x = '1'" },
      { pid: 14977, sql: 'select 2' },
    ])
  })

  it('groups transactions per backend, leaves out listening, and rolls back what writes', () => {
    expect(replayUnits(parsePostgresLog(LOG, 'bench_a'))).toEqual([
      ["select 'x'::text as a,\n  '3'::int as b, NULL as c"],
      ['begin', "insert into book (title) values ('it''s; $2 fine')", 'rollback'],
      ['begin', "update session set x = '1'", 'rollback'],
      ['select 2'],
    ])
  })

  it("does not take a string holding its own transaction (pg-boss's upkeep) for a transaction left open", () => {
    // pg-boss sends `BEGIN; …; COMMIT;` as one statement, on a connection the app's requests use next.
    const log = [
      "2026-11-28 09:51:50.100 UTC [5748] postgres@bench_a LOG:  statement: \n    BEGIN;\n    SET LOCAL lock_timeout = '30s';\n    SELECT 1;\n    COMMIT;\n  ",
      '2026-11-28 09:51:50.101 UTC [5748] postgres@bench_a LOG:  execute book_page: select 3',
      '2026-11-28 09:51:50.102 UTC [5748] postgres@bench_a LOG:  statement: begin',
      '2026-11-28 09:51:50.103 UTC [5748] postgres@bench_a LOG:  execute <unnamed>: select 4',
      '2026-11-28 09:51:50.104 UTC [5748] postgres@bench_a LOG:  statement: commit',
    ].join('\n')
    expect(replayUnits(parsePostgresLog(log, 'bench_a'))).toEqual([['select 3'], ['begin', 'select 4', 'commit']])
  })

  it('writes a pgbench script that reaches every unit through a tree of \\if', () => {
    const units = [['select 0'], ['select 1;'], ['begin', 'select 2', 'rollback']]
    expect(pgbenchScript(units)).toBe(
      [
        '\\set floor_unit random(0, 2)',
        '\\if :floor_unit < 1',
        'select 0;',
        '\\else',
        '\\if :floor_unit < 2',
        'select 1;',
        '\\else',
        'begin;',
        'select 2;',
        'rollback;',
        '\\endif',
        '\\endif',
        '',
      ].join('\n'),
    )
    expect(() => pgbenchScript([])).toThrow()
  })

  it('deals the units into at most 128 scripts, each unit in one, their sizes within one of each other', () => {
    const units = Array.from({ length: 1000 }, (_, index) => [`select ${index}`])
    const scripts = floorScripts(units)
    expect(scripts).toHaveLength(128)
    expect(
      scripts
        .flat()
        .map(([sql]) => sql)
        .sort(),
    ).toEqual(units.map(([sql]) => sql).sort())
    const sizes = scripts.map((script) => script.length)
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    expect(floorScripts(units.slice(0, 3))).toEqual([[['select 0']], [['select 1']], [['select 2']]])
  })

  it('samples without repeats, in order', () => {
    let seed = 1
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const picked = sample([...Array(100).keys()], 10, random)
    expect(picked).toHaveLength(10)
    expect(new Set(picked).size).toBe(10)
    expect([...picked].sort((a, b) => a - b)).toEqual(picked)
    expect(sample([1, 2], 10, random)).toEqual([1, 2])
  })

  it("reads pgbench's rate", () => {
    const output = [
      'number of transactions actually processed: 3587',
      'number of failed transactions: 2 (0.056%)',
      'latency average = 55.6 ms',
      'initial connection time = 20.1 ms',
      'tps = 358.712345 (without initial connection time)',
    ].join('\n')
    expect(parsePgbenchOutput(output)).toEqual({ tps: 358.712345, transactions: 3587, failed: 2 })
    expect(() => parsePgbenchOutput('nothing')).toThrow()
  })
})

describe('the kept reads’ hit rates from /api/metrics', () => {
  const metrics = (sessionHits: number, sessionMisses: number, pageHits: number) =>
    [
      '# HELP start_books_fast_path_total Fast path lookups by path and result',
      '# TYPE start_books_fast_path_total counter',
      `start_books_fast_path_total{path="session",result="hit"} ${sessionHits}`,
      `start_books_fast_path_total{path="session",result="miss"} ${sessionMisses}`,
      `start_books_fast_path_total{path="book first page",result="hit"} ${pageHits}`,
      'start_books_fast_path_total{path="page-cache",result="miss"} 4',
    ].join('\n')

  it('reads the counters by path and result', () => {
    expect(
      fastPathCounts(metrics(1, 2, 3))
        .get('book first page')
        ?.get('hit'),
    ).toBe(3)
    expect(
      fastPathCounts(metrics(1, 2, 3))
        .get('page-cache')
        ?.get('miss'),
    ).toBe(4)
  })

  it('counts the lookups between two readings (a path never looked up: undefined)', () => {
    expect(keptHits(metrics(10, 5, 0), metrics(100, 15, 0))).toEqual({
      sessions: { hits: 90, lookups: 100 },
      firstPages: undefined,
    })
    expect(keptHits('', metrics(1, 0, 2)).firstPages).toEqual({ hits: 2, lookups: 2 })
  })

  it('counts a lookup that joined a read in flight as served from memory', () => {
    const joined = (count: number) => `start_books_fast_path_total{path="book first page",result="joined"} ${count}`
    const before = [metrics(0, 0, 10), joined(0), 'start_books_fast_path_total{path="book first page",result="miss"} 5']
    const after = [
      metrics(0, 0, 70),
      joined(20),
      'start_books_fast_path_total{path="book first page",result="miss"} 15',
    ]
    expect(keptHits(before.join('\n'), after.join('\n')).firstPages).toEqual({ hits: 80, lookups: 90 })
  })
})
