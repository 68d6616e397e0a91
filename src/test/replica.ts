import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { freePort } from './pgbouncer'

/** PostgreSQL's server programs (Debian: postgresql-15), the newest installed. */
export const POSTGRES_BIN = fs.existsSync('/usr/lib/postgresql')
  ? fs
      .readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => `/usr/lib/postgresql/${version}/bin`)
      .find((bin) => fs.existsSync(path.join(bin, 'pg_basebackup')))
  : undefined

export interface Replicated {
  /** postgres:// URLs of the database `books` on the primary and on its streaming replica. */
  primaryUrl: string
  replicaUrl: string
  stopReplica(): void
  /** Once the replica has replayed all the primary had written when asked. */
  caughtUp(timeoutMs?: number): Promise<void>
  stop(): void
}

/**
 * A PostgreSQL primary of its own (initdb in a temp folder, a free port) and
 * a streaming replica made from it with `pg_basebackup -R`, on another port:
 * the test server's own pg_hba.conf need not allow replication. As root,
 * the servers run as `postgres` (PostgreSQL refuses root). `maxConnections`
 * on each: several app processes need more than one test; `settings`: lines
 * added to both postgresql.conf (the bench's durability and memory, as the
 * bench's usual server has them).
 */
export async function startReplicated({
  maxConnections = 30,
  settings: extraSettings = [] as string[],
} = {}): Promise<Replicated> {
  if (!POSTGRES_BIN) throw new Error('PostgreSQL server programs not found (/usr/lib/postgresql/*/bin)')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-books-replica-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) spawnSync('chown', ['postgres', dir])
  const run = (program: string, ...args: string[]) => {
    const command = asRoot
      ? ['runuser', '-u', 'postgres', '--', path.join(POSTGRES_BIN!, program), ...args]
      : [path.join(POSTGRES_BIN!, program), ...args]
    const result = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8', cwd: dir })
    if (result.status !== 0) throw new Error(`${program} failed:\n${result.stdout}\n${result.stderr}`)
  }
  const [primaryPort, replicaPort] = [await freePort(), await freePort()]
  const primary = path.join(dir, 'primary')
  const replica = path.join(dir, 'replica')
  const settings = (port: number) =>
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      `max_connections = ${maxConnections}`,
      'shared_buffers = 16MB',
      'fsync = off',
      'full_page_writes = off',
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      ...extraSettings,
    ].join('\n')
  run('initdb', '-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync')
  fs.appendFileSync(path.join(primary, 'postgresql.conf'), `\n${settings(primaryPort)}\n`)
  run('pg_ctl', '-D', primary, '-l', path.join(dir, 'primary.log'), '-w', 'start')
  const stopAll = () => {
    process.off('exit', stopAll)
    for (const data of [replica, primary]) {
      if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
        try {
          run('pg_ctl', '-D', data, '-m', 'immediate', '-w', 'stop')
        } catch {
          // Already stopped.
        }
      }
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  // Not left running by a test run that ends without its afterAll (a hook that timed out).
  process.once('exit', stopAll)
  try {
    const primaryServer = `postgres://postgres@127.0.0.1:${primaryPort}`
    const admin = new pg.Client({ connectionString: `${primaryServer}/postgres` })
    await admin.connect()
    await admin.query('create database books')
    await admin.end()
    run(
      'pg_basebackup',
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
      // At once, not after a spread checkpoint (minutes on an idle server).
      '--checkpoint=fast',
    )
    fs.appendFileSync(path.join(replica, 'postgresql.conf'), `\n${settings(replicaPort)}\n`)
    run('pg_ctl', '-D', replica, '-l', path.join(dir, 'replica.log'), '-w', 'start')
    const primaryUrl = `${primaryServer}/books`
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/books`
    return {
      primaryUrl,
      replicaUrl,
      stopReplica: () => run('pg_ctl', '-D', replica, '-m', 'immediate', '-w', 'stop'),
      caughtUp: (timeoutMs = 20_000) => caughtUp(primaryUrl, replicaUrl, timeoutMs),
      stop: stopAll,
    }
  } catch (error) {
    stopAll()
    throw error
  }
}

async function caughtUp(primaryUrl: string, replicaUrl: string, timeoutMs: number) {
  const [primary, replica] = [
    new pg.Client({ connectionString: primaryUrl }),
    new pg.Client({ connectionString: replicaUrl }),
  ]
  try {
    await primary.connect()
    await replica.connect()
    const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const { rows: replayed } = await replica.query<{ done: boolean }>(
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
        [rows[0]!.lsn],
      )
      if (replayed[0]!.done) return
      if (Date.now() > deadline) throw new Error(`the replica did not replay ${rows[0]!.lsn} within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } finally {
    await primary.end().catch(() => {})
    await replica.end().catch(() => {})
  }
}
