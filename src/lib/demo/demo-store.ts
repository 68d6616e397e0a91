import { useSyncExternalStore } from 'react'

import { isDemoModeError } from './demo-error'

/**
 * The demo dialog's state (docs/product.md#states: open or closed), shared by the whole page:
 * any component opens it with `openDemoDialog()`; one `DemoModeDialog`
 * renders it.
 */
let open = false
const listeners = new Set<() => void>()

function setOpen(value: boolean) {
  if (open === value) return
  open = value
  for (const listener of listeners) listener()
}

export function openDemoDialog() {
  setOpen(true)
}

export function closeDemoDialog() {
  setOpen(false)
}

export function isDemoDialogOpen() {
  return open
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The dialog's open state, for the one component that renders it. */
export function useDemoDialogOpen() {
  return useSyncExternalStore(subscribe, isDemoDialogOpen, () => false)
}

/**
 * Opens the demo dialog and returns true when the server refused because of
 * demo mode, returns false otherwise. Called once, for every failed mutation,
 * by MutationFeedback (src/components/layout/mutation-report.ts): no action
 * calls it by hand.
 */
export function handleDemoModeError(error: unknown): boolean {
  if (!isDemoModeError(error)) return false
  openDemoDialog()
  return true
}
