import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

import { onSessionChanged } from '@/lib/auth/session-signal'

/** The channel the tabs of this site tell each other about session changes on. */
const SESSION_CHANNEL = 'start-books.session'

/**
 * Keeps every open view's session data fresh (docs/product.md#states): after sign-out,
 * update-user, any sign-in or sign-up, delete-user, verify-email (better-auth's
 * session signal, plus `notifySessionChanged`):
 * - this tab re-runs its route guards, then refetches the queries still
 *   shown (none of a page a sign-out left);
 * - the other tabs of the browser hear it on a BroadcastChannel and re-run
 *   their guards and loaders too, so a tab signed out elsewhere goes to the
 *   login page and a renamed user shows the new name, without a reload.
 */
export function SessionSync() {
  const router = useRouter()
  const queryClient = useQueryClient()

  useEffect(() => {
    const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(SESSION_CHANNEL)
    const stopListening = onSessionChanged(() => {
      // The guards first: after a sign-out the page leaves for the login page, and its queries
      // are not asked again of a server that would refuse them (401s in the console).
      void router.invalidate().then(() => queryClient.invalidateQueries())
      channel?.postMessage('changed')
    })
    if (channel) {
      channel.onmessage = () => {
        void router.invalidate()
        void queryClient.invalidateQueries()
      }
    }
    return () => {
      stopListening()
      channel?.close()
    }
  }, [router, queryClient])

  return null
}
