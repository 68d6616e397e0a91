import { type CSSProperties, lazy, Suspense, useSyncExternalStore } from 'react'

import { useTheme } from '@/components/ui/theme-provider'
import { useTranslation } from '@/lib/i18n/react'

/**
 * Toast constants (docs/product.md#constants). Duration, count, gap and width are set
 * here; the swipe-to-dismiss threshold (45px, or a velocity above 0.11) is
 * sonner's own and not an option: see SWIPE_THRESHOLD and the velocity test
 * in node_modules/sonner/dist/index.mjs (sonner 2.0.8), pinned by
 * toaster.test.tsx.
 */
export const TOAST = {
  position: 'top-center',
  durationMs: 4000,
  visibleToasts: 3,
  gapPx: 14,
  widthPx: 356,
  swipeThresholdPx: 45,
  swipeVelocity: 0.11,
} as const

/*
 * sonner is loaded with the first toast, not with the page (docs/performance.md):
 * until then nothing shows, so nothing is mounted. sonner keeps toasts created
 * before its <Toaster> subscribes, so a toast asked for while the code loads shows.
 */
type Sonner = typeof import('sonner')
type SonnerToast = Sonner['toast']
let sonner: Promise<Sonner> | undefined
const listeners = new Set<() => void>()

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner')
    for (const listener of listeners) listener()
  }
  return sonner
}

const later = (call: (toast: SonnerToast) => unknown) => void loadSonner().then(({ toast }) => call(toast))

/** sonner's `toast`, loading sonner on its first call (returns nothing: no caller needs the id). */
export const toast = Object.assign((...args: Parameters<SonnerToast>) => later((toast) => toast(...args)), {
  success: (...args: Parameters<SonnerToast['success']>) => later((toast) => toast.success(...args)),
  error: (...args: Parameters<SonnerToast['error']>) => later((toast) => toast.error(...args)),
  info: (...args: Parameters<SonnerToast['info']>) => later((toast) => toast.info(...args)),
  warning: (...args: Parameters<SonnerToast['warning']>) => later((toast) => toast.warning(...args)),
  loading: (...args: Parameters<SonnerToast['loading']>) => later((toast) => toast.loading(...args)),
  dismiss: (...args: Parameters<SonnerToast['dismiss']>) => later((toast) => toast.dismiss(...args)),
})

const SonnerToaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })))

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
const isLoaded = () => sonner !== undefined

/**
 * The toast area, top-center; toasts of type loading, success, info, warning
 * and error (`toast.loading()`, `toast.success()`…), dismissed automatically.
 * Mounted once, in the root document; rendered from the first toast on.
 */
export function Toaster() {
  const { t, i18n } = useTranslation('ui')
  const { resolvedTheme } = useTheme()
  const loaded = useSyncExternalStore(subscribe, isLoaded, () => false)
  if (!loaded) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position={TOAST.position}
        duration={TOAST.durationMs}
        visibleToasts={TOAST.visibleToasts}
        gap={TOAST.gapPx}
        style={{ '--width': `${TOAST.widthPx}px` } as CSSProperties}
        theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
        dir={i18n.dir()}
        richColors
        closeButton
        containerAriaLabel={t('toast.notifications')}
        toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
      />
    </Suspense>
  )
}
