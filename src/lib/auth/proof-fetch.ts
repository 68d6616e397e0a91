import { PROOF_EVENT } from './proof-event'

/*
 * `fetch` that asks for a proof of presence when the server wants one (an
 * action that cannot be undone, and no sign-in in the last minutes: 403
 * SESSION_EXPIRED), then sends the same request again. It asks by an event
 * that the proof store (./proof-store.ts) answers, so the API clients that
 * use it import nothing that every page loads.
 */

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

/** Opens the proof dialog (or joins the one open); true once the person proved it. */
const askForProof = () =>
  new Promise<boolean>((resolve) => window.dispatchEvent(new CustomEvent(PROOF_EVENT, { detail: resolve })))

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export function fetchWithProof(fetchImpl: Fetch): Fetch {
  return async (input, init) => {
    const again = input instanceof Request ? input.clone() : input
    const response = await fetchImpl(input, init)
    if (!(await refusedForProof(response)) || !(await askForProof())) return response
    return fetchImpl(again, init)
  }
}
