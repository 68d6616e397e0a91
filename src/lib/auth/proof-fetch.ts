import { PROOF_EVENT, type ProofAsk } from './proof-event'

/*
 * `fetch` that asks for a proof of presence when the server wants one (an
 * action that needs it, and the session's proof is closed: 403
 * SESSION_EXPIRED), then sends the same request again. It asks by an event
 * that the proof store (./proof-store.ts) answers, so the API clients that
 * use it import nothing that every page loads.
 */

type RefusalBody = {
  code?: unknown
  proofAction?: unknown
  json?: { data?: { authCode?: unknown; proofAction?: unknown } }
} | null

/**
 * Whether the answer asks for the proof: the auth service's code (better-auth's
 * SESSION_NOT_FRESH is the same), or the app API's RPC error's; with the
 * action the server names, if any.
 */
async function refusedForProof(response: Response): Promise<{ action: unknown } | undefined> {
  if (response.status !== 403) return undefined
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as RefusalBody
  const code = body?.code ?? body?.json?.data?.authCode
  if (code !== 'SESSION_EXPIRED' && code !== 'SESSION_NOT_FRESH') return undefined
  return { action: body?.proofAction ?? body?.json?.data?.proofAction }
}

/** Opens the proof dialog (or joins the one open) naming `action`; true once the person proved it. */
const askForProof = (action: unknown) =>
  new Promise<boolean>((resolve) =>
    window.dispatchEvent(new CustomEvent<ProofAsk>(PROOF_EVENT, { detail: { resolve, action } })),
  )

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export function fetchWithProof(fetchImpl: Fetch): Fetch {
  return async (input, init) => {
    const again = input instanceof Request ? input.clone() : input
    const response = await fetchImpl(input, init)
    const refusal = await refusedForProof(response)
    if (!refusal || !(await askForProof(refusal.action))) return response
    return fetchImpl(again, init)
  }
}
