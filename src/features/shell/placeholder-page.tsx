import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** A page whose feature is still to come: its heading and a note (and any extra content). */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('shell')
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
      <p className="text-muted-foreground">{t('pages.comingSoon')}</p>
    </div>
  )
}
