import { useSyncExternalStore } from 'react'

import { useTranslation } from '@/lib/i18n/react'

const noSubscription = () => () => {}

/**
 * Formats dates in the page's language. The server does not know the
 * browser's time zone, so the server render and hydration use UTC (the same
 * text on both sides), and the browser then shows its own local time.
 */
export function useFormatDate(options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) {
  const { i18n } = useTranslation()
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  const format = new Intl.DateTimeFormat(i18n.language, hydrated ? options : { ...options, timeZone: 'UTC' })
  return (value: Date | string) => format.format(new Date(value))
}
