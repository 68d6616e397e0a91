import { useTheme } from 'next-themes'
import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster as Sonner } from 'sonner'

export { toast } from 'sonner'

/**
 * Toast constants (spec section 9). Duration, count, gap and width are set
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

/**
 * The toast area, top-center; toasts of type loading, success, info, warning
 * and error (`toast.loading()`, `toast.success()`…), dismissed automatically.
 * Mounted once, in the root document.
 */
export function Toaster() {
  const { t, i18n } = useTranslation('ui')
  const { resolvedTheme } = useTheme()
  return (
    <Sonner
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
  )
}
