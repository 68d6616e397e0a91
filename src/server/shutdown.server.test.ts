import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from 'srvx/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { gracefulShutdown, isDraining, resetDrainingForTests } from './shutdown.server'

/** A server like production's (srvx, built-in shutdown off) whose answers wait for `release`. */
async function startServer(timeoutMs: number) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const events: string[] = []
  const server = serve({ port: 0, hostname: '127.0.0.1', gracefulShutdown: false, silent: true, fetch: async () => {
    await gate
    return new Response('done')
  } })
  await server.ready()
  const exit = vi.fn((code: number) => void events.push(`exit ${code}`))
  const { shutdown } = gracefulShutdown({
    http: server.node!.server as http.Server,
    close: () => server.close(),
    cleanup: async () => void events.push('cleanup'),
    timeoutMs,
    exit,
    signals: [],
  })
  // Server side: when each answer has been handed to the socket completely.
  server.node!.server!.on('request', (_request, response: http.ServerResponse) => response.on('finish', () => events.push('sent')))
  const port = (server.node!.server!.address() as AddressInfo).port
  return { port, release, shutdown, events, exit }
}

function get(port: number, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, agent, path: '/' }, (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body }))
      })
      .on('error', reject)
  })
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10))
}

afterEach(() => resetDrainingForTests())

describe('graceful shutdown', () => {
  it('turns not-ready at once, closes the port, finishes every request in flight, then cleans up and exits 0', async () => {
    const { port, release, shutdown, events } = await startServer(10_000)
    const agent = new http.Agent({ keepAlive: true })
    const inFlight = Array.from({ length: 8 }, () => get(port, agent))
    await new Promise((resolve) => setTimeout(resolve, 100))

    const stopped = shutdown('SIGTERM')
    expect(isDraining()).toBe(true)
    // The port is closed while the requests are still running.
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

  it('closes an idle keep-alive connection instead of waiting for its timeout', async () => {
    const { port, release, shutdown, events } = await startServer(10_000)
    release()
    const agent = new http.Agent({ keepAlive: true })
    expect((await get(port, agent)).connection).toBe('keep-alive')
    const started = Date.now()
    await shutdown('SIGTERM')
    expect(events).toEqual(['sent', 'cleanup', 'exit 0'])
    expect(Date.now() - started).toBeLessThan(1000)
    agent.destroy()
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
})
