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
 * For every failed mutation: opens the demo dialog and returns true when the
 * server refused it because of demo mode, returns false otherwise (the caller
 * shows its own error).
 *
 *   const { error } = await authClient.updateUser({ name })
 *   if (error && !handleDemoModeError(error)) toast.error(t('…'))
 */
export function handleDemoModeError(error: unknown): boolean {
  if (!isDemoModeError(error)) return false
  openDemoDialog()
  return true
}
