import { useTranslation } from '@/lib/i18n/react'

import { MAIN_ID } from './layout-context'

/** The first focusable element of a layout: jumps over the navigation. */
export function SkipLink() {
  const { t } = useTranslation('shell')
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
    >
      {t('skipToContent')}
    </a>
  )
}
