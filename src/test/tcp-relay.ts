import net from 'node:net'

/**
 * A TCP relay between the app and a real server (PostgreSQL), to play the
 * network's faults: `hold()` stops passing bytes either way without closing
 * anything, as a pulled cable, a changed firewall or a failover does (the
 * peers' sockets stay open, their packets wait); `pass()` delivers what was
 * held and passes again; `cut()` closes the port and every connection, as a
 * server that went down.
 */
export interface TcpRelay {
  /** The target's URL with the relay's host and port. */
  url: string
  hold(): void
  pass(): void
  cut(): Promise<void>
}

interface Link {
  client: net.Socket
  server?: net.Socket
}

export async function tcpRelay(targetUrl: string): Promise<TcpRelay> {
  const target = new URL(targetUrl)
  const links = new Set<Link>()
  let holding = false

  // Each side's bytes are read only while passing: paused, they wait in the kernel and in the peer.
  const open = (link: Link) => {
    const server = net.connect(Number(target.port || 5432), target.hostname)
    link.server = server
    server.on('data', (chunk) => link.client.write(chunk))
    link.client.on('data', (chunk) => server.write(chunk))
    for (const [one, other] of [
      [server, link.client],
      [link.client, server],
    ] as const) {
      one.on('error', () => {}).on('close', () => other.destroy())
    }
  }

  const relay = net.createServer((client) => {
    const link: Link = { client }
    links.add(link)
    client.on('close', () => links.delete(link)).on('error', () => {})
    // Held: the connection is accepted (the kernel would), its bytes go nowhere.
    if (holding) client.pause()
    else open(link)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))

  const url = new URL(targetUrl)
  url.hostname = '127.0.0.1'
  url.port = String((relay.address() as net.AddressInfo).port)
  return {
    url: url.toString(),
    hold() {
      holding = true
      for (const { client, server } of links) {
        client.pause()
        server?.pause()
      }
    },
    pass() {
      holding = false
      for (const link of links) {
        if (!link.server) open(link)
        link.client.resume()
        link.server?.resume()
      }
    },
    cut: () =>
      new Promise<void>((resolve) => {
        relay.close(() => resolve())
        for (const { client, server } of links) {
          client.destroy()
          server?.destroy()
        }
      }),
  }
}
