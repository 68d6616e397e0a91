import { useSyncExternalStore } from 'react'

/**
 * The proof of presence, asked for where the browser talks to the server:
 * an answer 403 SESSION_EXPIRED (an action that cannot be undone, and no
 * sign-in in the last minutes) opens the one `ProofDialog`; once the person
 * has signed in again there, the same request is sent again, so the action
 * that asked completes as if nothing had happened. Dismissed, the refusal
 * goes on to its caller.
 */
type Settle = (proved: boolean) => void

let waiting: { proved: Promise<boolean>; settle: Settle } | null = null
const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

/** Opens the dialog (once for requests refused together); true when the person proved it. */
function proofOfPresence(): Promise<boolean> {
  if (!waiting) {
    let settle: Settle = () => undefined
    const proved = new Promise<boolean>((resolve) => (settle = resolve))
    waiting = { proved, settle }
    notify()
  }
  return waiting.proved
}

/** The dialog's answer: proved (the requests are sent again) or dismissed. */
export function settleProof(proved: boolean) {
  const current = waiting
  waiting = null
  notify()
  current?.settle(proved)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether the dialog is asking. */
export function isProofAsked() {
  return waiting !== null
}

export function useProofAsked() {
  return useSyncExternalStore(subscribe, isProofAsked, () => false)
}

/** The auth service's code (better-auth's SESSION_NOT_FRESH is the same), or the app API's RPC error's. */
async function refusedForProof(response: Response) {
  if (response.status !== 403) return false
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown; json?: { data?: { authCode?: unknown } } } | null
  const code = body?.code ?? body?.json?.data?.authCode
  return code === 'SESSION_EXPIRED' || code === 'SESSION_NOT_FRESH'
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** `fetch` that asks for the proof of presence when the server wants it, then sends the request again. */
export function fetchWithProof(fetchImpl: Fetch): Fetch {
  return async (input, init) => {
    const again = input instanceof Request ? input.clone() : input
    const response = await fetchImpl(input, init)
    if (!(await refusedForProof(response)) || !(await proofOfPresence())) return response
    return fetchImpl(again, init)
  }
}
