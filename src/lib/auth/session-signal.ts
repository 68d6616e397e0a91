/**
 * "The session changed in this tab": raised by the auth client (./auth-client.ts)
 * and heard by SessionSync. Apart from the client, so that the root listens
 * without loading it: a page that never loaded the client changed nothing.
 */
const listeners = new Set<() => void>()

export function onSessionChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function sessionChanged() {
  for (const listener of listeners) listener()
}
