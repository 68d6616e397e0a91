import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'

import { serve } from 'srvx/node'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { acceptQueueReader, gracefulShutdown, isDraining, resetDrainingForTests } from './shutdown.server'

/** A server like production's (srvx, built-in shutdown off) whose answers wait for `release`. */
async function startServer(timeoutMs: number, delayMs = 0) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const events: string[] = []
  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    gracefulShutdown: false,
    silent: true,
    fetch: async () => {
      await gate
      return new Response('done')
    },
  })
  await server.ready()
  const exit = vi.fn((code: number) => void events.push(`exit ${code}`))
  const { shutdown } = gracefulShutdown({
    http: server.node!.server as http.Server,
    close: () => server.close(),
    cleanup: async () => void events.push('cleanup'),
    timeoutMs,
    delayMs,
    exit,
    signals: [],
  })
  // Server side: when each answer has been handed to the socket completely.
  server.node!.server!.on('request', (_request, response: http.ServerResponse) =>
    response.on('finish', () => events.push('sent')),
  )
  const port = (server.node!.server!.address() as AddressInfo).port
  return { port, release, shutdown, events, exit, http: server.node!.server as http.Server }
}

function get(port: number, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, agent, path: '/' }, (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, connection: response.headers.connection, body }),
        )
      })
      .on('error', reject)
  })
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10))
}

/** Waits until the port refuses connections. */
async function refused(port: number) {
  for (;;) {
    const code = await get(port, new http.Agent()).then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error.code,
    )
    if (code === 'ECONNREFUSED') return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

afterEach(() => resetDrainingForTests())

describe('graceful shutdown', () => {
  it('turns not-ready at once, closes the port, finishes every request in flight, then cleans up and exits 0', async () => {
    const { port, release, shutdown, events, http: server } = await startServer(10_000)
    const agent = new http.Agent({ keepAlive: true })
    const inFlight = Array.from({ length: 8 }, () => get(port, agent))
    await new Promise((resolve) => setTimeout(resolve, 100))

    const stopped = shutdown('SIGTERM')
    expect(isDraining()).toBe(true)
    // The port is closed while the requests are still running (once the queued connections are accepted).
    await until(() => !server.listening)
    await expect(get(port, new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    expect(events).toEqual([])

    release()
    const answers = await Promise.all(inFlight)
    await stopped
    expect(answers.every((answer) => answer.status === 200 && answer.body === 'done')).toBe(true)
    // Keep-alive connections are told to close after their answer.
    expect(answers.every((answer) => answer.connection === 'close')).toBe(true)
    expect(events).toEqual([...Array(8).fill('sent'), 'cleanup', 'exit 0'])
    agent.destroy()
  })

  it('keeps serving, readiness aside, for the delay; then closes the port', async () => {
    const { port, release, shutdown, events } = await startServer(10_000, 400)
    release()
    const agent = new http.Agent({ keepAlive: true })
    const stopped = shutdown('SIGTERM')
    expect(isDraining()).toBe(true)
    // During the delay: new connections are served, and kept alive (no wave of new connections to the proxy).
    expect(await get(port, new http.Agent())).toMatchObject({ status: 200, body: 'done' })
    expect((await get(port, agent)).connection).toBe('keep-alive')
    const started = Date.now()
    await refused(port)
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    // A request on the kept-alive connection after the port closed: served, then the connection closes.
    expect(await get(port, agent)).toMatchObject({ status: 200, connection: 'close' })
    await stopped
    expect(events.slice(-2)).toEqual(['cleanup', 'exit 0'])
    agent.destroy()
  })

  it('does not cut an idle keep-alive connection: it ends at its keep-alive timeout', async () => {
    const { port, release, shutdown, events, http: server } = await startServer(10_000)
    server.keepAliveTimeout = 500
    release()
    // A raw client that keeps its connection open after one answer (an agent would apply its own timeout).
    const socket = net.connect(port, '127.0.0.1')
    socket.write('GET / HTTP/1.1\r\nHost: test\r\n\r\n')
    const [first] = (await once(socket, 'data')) as [Buffer]
    expect(first.toString()).toMatch(/keep-alive/i)
    const started = Date.now()
    await shutdown('SIGTERM')
    expect(events).toEqual(['sent', 'cleanup', 'exit 0'])
    expect(Date.now() - started).toBeGreaterThanOrEqual(400)
    // The server ended it.
    socket.resume()
    if (!socket.readableEnded) await once(socket, 'end')
  })

  it('cuts the connections still open after the timeout, then still cleans up and exits 0', async () => {
    const { port, shutdown, events } = await startServer(300)
    const stuck = get(port, new http.Agent()).catch((error: NodeJS.ErrnoException) => error.code)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = Date.now()
    await shutdown('SIGTERM')
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    expect(await stuck).toBe('ECONNRESET')
    expect(events).toEqual(['cleanup', 'exit 0'])
  })

  it('exits at once on a second signal', async () => {
    const { port, shutdown, exit } = await startServer(10_000)
    void get(port, new http.Agent()).catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 100))
    void shutdown('SIGTERM')
    await until(() => isDraining())
    void shutdown('SIGINT')
    expect(exit).toHaveBeenCalledWith(130)
  })

  it('resets no connection the kernel had queued: a burst sent just before SIGTERM is answered in full', async () => {
    // A server process of its own, busy (each answer takes 20 ms of CPU), so that most of the
    // burst waits in the kernel's accept queue when the signal comes.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/fixtures/busy-server.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      const [line] = (await once(child.stdout!, 'data')) as [Buffer]
      const port = Number(/port (\d+)/.exec(line.toString())![1])
      const burst = Array.from({ length: 50 }, () =>
        get(port, new http.Agent()).then(
          (answer) => String(answer.status),
          (error: NodeJS.ErrnoException) => error.code ?? error.message,
        ),
      )
      await new Promise((resolve) => setTimeout(resolve, 5))
      child.kill('SIGTERM')
      const outcomes = await Promise.all(burst)
      const [code] = (await once(child, 'exit')) as [number | null]
      expect(code).toBe(0)
      expect(outcomes.filter((outcome) => outcome !== '200')).toEqual([])
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  }, 30_000)

  it.runIf(process.platform === 'linux')('reads the kernel accept queue of its listening socket', async () => {
    const server = net.createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const queued = acceptQueueReader(server as unknown as http.Server)!
      expect(queued()).toBe(0)
      // Another process connects five times while this one's loop is blocked, so none is accepted yet.
      const { port } = server.address() as AddressInfo
      execFileSync(process.execPath, [
        '-e',
        `const net = require('net'); let n = 0; for (let i = 0; i < 5; i++) net.connect(${port}, '127.0.0.1', () => ++n === 5 && process.exit(0))`,
      ])
      expect(queued()).toBe(5)
      await until(() => queued() === 0)
    } finally {
      server.close()
    }
  })
})
