import { useSyncExternalStore } from 'react'

import { isProofAction, type ProofAction } from './proof-actions'
import { PROOF_EVENT, type ProofAsk } from './proof-event'

/**
 * The proof of presence, asked for where the browser talks to the server:
 * an answer 403 SESSION_EXPIRED (an action that needs the proof, and the
 * session's proof is closed) opens the one `ProofDialog`, naming the action the
 * server named (src/lib/auth/proof-actions.ts); once the person
 * has signed in again there, the same request is sent again, so the action
 * that asked completes as if nothing had happened. Dismissed, the refusal
 * goes on to its caller.
 */
type Settle = (proved: boolean) => void

let waiting: { proved: Promise<boolean>; settle: Settle; action: ProofAction | null } | null = null
const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

/** Opens the dialog (once for requests refused together) naming `action`; true when the person proved it. */
function proofOfPresence(action: unknown): Promise<boolean> {
  if (!waiting) {
    let settle: Settle = () => undefined
    const proved = new Promise<boolean>((resolve) => (settle = resolve))
    waiting = { proved, settle, action: isProofAction(action) ? action : null }
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

/** The action the open dialog confirms, when the server named one. */
export function proofAction() {
  return waiting?.action ?? null
}

export function useProofAction() {
  return useSyncExternalStore(subscribe, proofAction, () => null)
}

// The API clients ask by an event (./proof-fetch.ts), not an import: a static edge from the
// oRPC client to this store, which every page loads first, put that client and every query
// into every page's first load (/login 148 → 164 KB).
if (typeof window !== 'undefined') {
  window.addEventListener(PROOF_EVENT, (event) => {
    const { resolve, action } = (event as CustomEvent<ProofAsk>).detail
    void proofOfPresence(action).then(resolve)
  })
}
