/**
 * The event by which an API client (./proof-fetch.ts) asks the proof store
 * (./proof-store.ts) for a proof of presence. A module of its own: the store is
 * in every page's first load, and importing the name from proof-fetch.ts put
 * `fetchWithProof`, which only the API clients use, there too.
 */
export const PROOF_EVENT = 'start-books:proof'

/** The event's detail: the answer's callback, and the action the server named (unchecked). */
export interface ProofAsk {
  resolve: (proved: boolean) => void
  action: unknown
}
