import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** Debian's PgBouncer (`apt-get install pgbouncer`; .ci/run installs it). */
export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => fs.existsSync(file))

export interface PgBouncer {
  /** `serverUrl` with PgBouncer's host and port instead: the same user and database, through the pooler. */
  through(serverUrl: string): string
  stop(): Promise<void>
}

/**
 * A PgBouncer of its own (temp config, a free port) in front of the
 * PostgreSQL server of `serverUrl`, in `pool_mode = transaction` as managed
 * PostgreSQL services run theirs: a client's statements outside a
 * transaction may each land on another server connection. `poolSize`
 * server connections per database: small, so that they are shared.
 */
export async function startPgBouncer(serverUrl: string, { poolSize = 3 } = {}): Promise<PgBouncer> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)')
  const server = new URL(serverUrl)
  const port = await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-books-pgbouncer-'))
  // PgBouncer refuses to run as root: as root it runs as nobody, who must read the config.
  fs.chmodSync(dir, 0o755)
  const user = decodeURIComponent(server.username || 'postgres')
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" "${decodeURIComponent(server.password)}"\n`, { mode: 0o644 })
  const config = path.join(dir, 'pgbouncer.ini')
  fs.writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      // As commonly deployed: a startup parameter beyond these (`options`, `statement_timeout`) is refused,
      // so a timeout given that way would fail here as it fails in production.
      'ignore_startup_parameters = extra_float_digits',
    ].join('\n'),
    { mode: 0o644 },
  )
  const asRoot = process.getuid?.() === 0
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), config], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  // Not left running by a test run that ends without its afterAll (a hook that timed out).
  const orphaned = () => child.kill('SIGKILL')
  process.once('exit', orphaned)
  await waitForPort(port, child, () => output)
  return {
    through(url) {
      const through = new URL(url)
      through.hostname = '127.0.0.1'
      through.port = String(port)
      return through.toString()
    },
    async stop() {
      process.off('exit', orphaned)
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGINT')
        await exited
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}):\n${output()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => (socket.destroy(), resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill('SIGKILL')
  throw new Error(`pgbouncer did not listen on ${port}:\n${output()}`)
}
