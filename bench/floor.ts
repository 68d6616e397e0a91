/**
 * The floor of the real workload (issue 41 part 5): the SQL the app sent to
 * PostgreSQL during a sample of the mixed run, taken from the server's log
 * (`log_statement = all` set on the bench's database only), replayed by
 * `pgbench` at the same concurrency. Its rate, converted to requests (the
 * sample's requests ÷ its units of SQL), is what the database alone could
 * answer: the workload's req/s over it is the share of the floor reached.
 *
 * Pure parts (log parsing, units, the script) are unit-tested in floor.test.ts.
 */
import { execFile } from 'node:child_process'
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type pg from 'pg'

/** One statement as a backend ran it, its parameters written in as literals. */
export interface LoggedStatement {
  pid: number
  sql: string
}

/** Debian's `log_line_prefix` (`%m [%p] %q%u@%d `): time, pid, user@database, then the message's level. */
const LINE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[(\d+)\] (?:\S*@(\S*) )?([A-Z]+):\s+(.*)$/
/** What `log_statement = all` writes: `statement: …` (simple protocol) or `execute <name>: …` (extended). */
const STATEMENT = /^(?:statement|execute [^:]*): ([\s\S]*)$/
const PARAMETER = /\$(\d+) = (NULL|'(?:[^']|'')*')/g

/** The values of a `DETAIL:  parameters: $1 = '…', $2 = NULL` line, by number, as SQL literals. */
export function parseParameters(detail: string): Map<number, string> {
  const values = new Map<number, string>()
  if (!detail.startsWith('parameters: ')) return values
  for (const match of detail.matchAll(PARAMETER)) values.set(Number(match[1]), match[2]!)
  return values
}

/**
 * `sql` with each `$n` replaced by its literal: an untyped literal is resolved
 * as an unspecified parameter type is (node-postgres sends none), so the
 * statement means the same.
 */
export function withLiterals(sql: string, values: ReadonlyMap<number, string>): string {
  if (!values.size) return sql
  return sql.replace(/\$(\d+)\b/g, (whole, n: string) => values.get(Number(n)) ?? whole)
}

/** The statements `database`'s backends ran, in the log's order, parameters written in. */
export function parsePostgresLog(text: string, database: string): LoggedStatement[] {
  // Records: a prefixed line and the unprefixed lines after it (a statement's newlines).
  const records: Array<{ pid: number; database: string; level: string; message: string }> = []
  for (const line of text.split('\n')) {
    const match = LINE.exec(line)
    if (match) records.push({ pid: Number(match[1]), database: match[2] ?? '', level: match[3]!, message: match[4]! })
    else if (records.length) records.at(-1)!.message += `\n${line.replace(/^\t/, '')}`
  }
  const statements: LoggedStatement[] = []
  const pending = new Map<number, LoggedStatement>()
  for (const record of records) {
    if (record.database !== database) continue
    if (record.level === 'LOG') {
      const statement = STATEMENT.exec(record.message)
      if (!statement) continue
      const logged = { pid: record.pid, sql: statement[1]!.trimEnd() }
      statements.push(logged)
      pending.set(record.pid, logged)
    } else if (record.level === 'DETAIL' && pending.has(record.pid)) {
      const logged = pending.get(record.pid)!
      logged.sql = withLiterals(logged.sql, parseParameters(record.message))
      pending.delete(record.pid)
    }
  }
  return statements
}

/** Connection set-up and the change channel's listening: not the requests' work. */
const NOT_WORK = /^\s*(listen|unlisten|set|reset|show|discard|deallocate)\b/i
/**
 * Several statements in one string, in a transaction of their own (`BEGIN; …; COMMIT;`: pg-boss's
 * upkeep, on a connection of the pool the requests use): the queue's work, not a request's, and
 * no transaction left open (taken for one, it swallowed that connection's later statements).
 */
const OWN_TRANSACTION = /^\s*(begin|start transaction)\b[^;]*;[\s\S]*\S/i
const BEGIN = /^\s*(begin|start transaction)\b/i
const END = /^\s*(commit|end|rollback)\b/i
const WRITE = /^\s*(insert|update|delete|merge)\b|^\s*with\b[\s\S]*\b(insert|update|delete)\b/i

/**
 * The units a replay draws from: a statement run on its own, or a transaction
 * as one backend ran it. What writes ends in ROLLBACK (so that a replayed
 * insert does not collide with the row it inserted before): the floor leaves
 * out the commits' WAL flushes of the 5 % writes, which makes it a little high.
 */
export function replayUnits(statements: readonly LoggedStatement[]): string[][] {
  const units: string[][] = []
  const open = new Map<number, string[]>()
  const finish = (unit: string[]) => {
    const writes = unit.some((sql) => WRITE.test(sql))
    if (!writes) return units.push(unit)
    const body = unit.filter((sql) => !BEGIN.test(sql) && !END.test(sql))
    return units.push(['begin', ...body, 'rollback'])
  }
  for (const { pid, sql } of statements) {
    if (NOT_WORK.test(sql) || OWN_TRANSACTION.test(sql)) continue
    const transaction = open.get(pid)
    if (transaction) {
      transaction.push(sql)
      if (END.test(sql)) {
        open.delete(pid)
        finish(transaction)
      }
    } else if (BEGIN.test(sql)) {
      open.set(pid, [sql])
    } else if (!END.test(sql)) {
      finish([sql])
    }
  }
  return units
}

/** Up to `count` of `items`, each as likely to be kept (a seeded shuffle's start, in the original order). */
export function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  if (items.length <= count) return [...items]
  const indexes = items.map((_, index) => index)
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (indexes.length - i))
    ;[indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!]
  }
  return indexes
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((index) => items[index]!)
}

const UNIT_VARIABLE = 'floor_unit'

/**
 * A pgbench script running one of `units` at random per transaction: a
 * binary tree of `\if` on a random number, so that pgbench skips
 * log2(units) branches rather than every other unit.
 */
export function pgbenchScript(units: readonly string[][]): string {
  if (!units.length) throw new Error('no SQL to replay')
  const lines = [`\\set ${UNIT_VARIABLE} random(0, ${units.length - 1})`]
  const tree = (low: number, high: number) => {
    if (high - low === 1) {
      for (const sql of units[low]!) lines.push(`${sql.replace(/;\s*$/, '')};`)
      return
    }
    const middle = (low + high) >> 1
    lines.push(`\\if :${UNIT_VARIABLE} < ${middle}`)
    tree(low, middle)
    lines.push('\\else')
    tree(middle, high)
    lines.push('\\endif')
  }
  tree(0, units.length)
  return `${lines.join('\n')}\n`
}

/** pgbench's rate (`tps = … (without initial connection time)`) and its failed transactions. */
export function parsePgbenchOutput(output: string): { tps: number; transactions: number; failed: number } {
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)
  if (!tps) throw new Error(`pgbench: no rate in its output:\n${output.slice(-2000)}`)
  return {
    tps: Number(tps[1]),
    transactions: Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 0),
    failed: Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0),
  }
}

/** BENCH_PGBENCH, else Debian's pgbench of the newest PostgreSQL installed; undefined when there is none. */
export function pgbenchBinary(): string | undefined {
  if (process.env.BENCH_PGBENCH) return process.env.BENCH_PGBENCH
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin/pgbench')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? path.join(root, versions[0]!, 'bin/pgbench') : undefined
}

/**
 * The file PostgreSQL writes its log to: BENCH_POSTGRES_LOG, else the
 * collector's current file, else Debian's `/var/log/postgresql/postgresql-<major>-main.log`.
 */
export async function postgresLogFile(client: pg.Client): Promise<string | undefined> {
  if (process.env.BENCH_POSTGRES_LOG) return process.env.BENCH_POSTGRES_LOG
  const { rows } = await client.query<{ file: string | null; data: string; version: string }>(
    `select pg_current_logfile() as file, current_setting('data_directory') as data, current_setting('server_version_num') as version`,
  )
  const row = rows[0]!
  if (row.file) return path.isAbsolute(row.file) ? row.file : path.join(row.data, row.file)
  const debian = `/var/log/postgresql/postgresql-${Math.floor(Number(row.version) / 10_000)}-main.log`
  return existsSync(debian) ? debian : undefined
}

/** The units that run here as logged (each tried once in a transaction rolled back); the others are left out. */
export async function runnableUnits(client: pg.Client, units: readonly string[][]) {
  const runnable: string[][] = []
  for (const unit of units) {
    try {
      await client.query('begin')
      for (const sql of unit) if (!BEGIN.test(sql) && !END.test(sql)) await client.query(sql)
      runnable.push(unit)
    } catch {
      // left out: counted by the caller
    } finally {
      await client.query('rollback')
    }
  }
  return runnable
}

export const fileSize = (file: string) => statSync(file).size

/** The bytes of `file` from `offset` on (what the server wrote since). */
export function readFrom(file: string, offset: number): string {
  const size = fileSize(file)
  if (size <= offset) return ''
  const buffer = Buffer.alloc(size - offset)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, buffer, 0, buffer.length, offset)
  } finally {
    closeSync(fd)
  }
  return buffer.toString('utf8')
}

/** A sample's SQL ready to replay: the scripts, and how many requests one of their transactions stands for. */
export interface FloorScript {
  /** pgbench's scripts, each with its weight (its units): `-f file@weight`. */
  files: Array<{ file: string; weight: number }>
  /** Requests answered in the sample ÷ units of SQL it sent. */
  requestsPerUnit: number
  units: number
  requests: number
}

/** pgbench's limit on `-f` scripts in one run. */
const PGBENCH_MAX_SCRIPTS = 128

/**
 * The units dealt round-robin into at most 128 scripts, each weighted by its
 * units: pgbench draws a script by weight, the script a unit, so every unit is
 * as likely. In a false `\if` branch pgbench steps over each command one by
 * one, so a transaction costs it as many steps as its script has commands:
 * in one script, 1,000 units of `select n` cost pgbench 0.12 ms of CPU per
 * transaction and 3,000 cost 0.38 ms; dealt into 128 scripts, 0.03 ms (decision
 * 051). That CPU is taken from PostgreSQL on the same cores.
 */
export function floorScripts(units: readonly string[][]): string[][][] {
  const count = Math.min(PGBENCH_MAX_SCRIPTS, units.length)
  const scripts = Array.from({ length: count }, (): string[][] => [])
  units.forEach((unit, index) => scripts[index % count]!.push(unit))
  return scripts
}

export function writeFloorScript(units: string[][], sampled: string[][], requests: number): FloorScript {
  const stem = path.join(os.tmpdir(), `bench-floor-${process.pid}-${Date.now()}`)
  const files = floorScripts(sampled).map((script, index) => {
    const file = `${stem}-${index}.sql`
    writeFileSync(file, pgbenchScript(script))
    return { file, weight: script.length }
  })
  return { files, requestsPerUnit: requests / units.length, units: units.length, requests }
}

/** `pgbench` running the scripts at `connections` clients for `seconds`: the floor in requests per second. */
export function runPgbench(
  binary: string,
  databaseUrl: string,
  script: FloorScript,
  options: { connections: number; seconds: number },
): Promise<{ requestsPerSecond: number; tps: number; failed: number }> {
  const args = [
    '-n',
    ...script.files.flatMap(({ file, weight }) => ['-f', `${file}@${weight}`]),
    '-c',
    String(options.connections),
    '-j',
    String(Math.min(2, options.connections)),
    '-T',
    String(options.seconds),
    databaseUrl,
  ]
  return new Promise((resolve, reject) =>
    execFile(binary, args, { maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`pgbench failed: ${error.message}\n${stderr.slice(-2000)}`))
      try {
        const { tps, failed } = parsePgbenchOutput(stdout)
        resolve({ requestsPerSecond: tps * script.requestsPerUnit, tps, failed })
      } catch (parseError) {
        reject(parseError as Error)
      }
    }),
  )
}
