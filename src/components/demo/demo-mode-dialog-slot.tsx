import { lazy, Suspense, useState } from 'react'

import { useDemoDialogOpen } from '@/lib/demo/demo-store'

const DemoModeDialog = lazy(() =>
  import('./demo-mode-dialog').then(({ DemoModeDialog }) => ({ default: DemoModeDialog })),
)

/**
 * Where the root mounts the demo dialog: its code (the dialog, the drawer) is
 * loaded when it first opens, not with every page; it stays mounted after, so
 * it closes with its animation.
 */
export function DemoModeDialogSlot() {
  const open = useDemoDialogOpen()
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <DemoModeDialog />
    </Suspense>
  )
}
