import { lazy, Suspense, useState } from 'react'

import { useProofAsked } from '@/lib/auth/proof-store'

const ProofDialog = lazy(() => import('./proof-dialog').then(({ ProofDialog }) => ({ default: ProofDialog })))

/**
 * Where the root mounts the proof-of-presence dialog: its code (and the
 * passkey's) loads when an action first asks for a proof, not with every page.
 */
export function ProofDialogSlot({ email }: { email: string | undefined }) {
  const asked = useProofAsked()
  const [opened, setOpened] = useState(false)
  if (asked && !opened) setOpened(true)
  if (!opened || !email) return null
  return (
    <Suspense fallback={null}>
      <ProofDialog email={email} />
    </Suspense>
  )
}
