import type { EnvironmentBadgeData } from '@/lib/environment-badge.server'
import { useTranslation } from '@/lib/i18n/react'

/**
 * The environment's name and emoji on its colour, at the top of every page.
 * The text colour (black or white) was chosen by the server for contrast.
 */
export function EnvironmentBadge({ environment }: { environment: EnvironmentBadgeData }) {
  const { t } = useTranslation('shell')
  return (
    <aside
      aria-label={t('environment.label')}
      data-testid="environment-badge"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] mx-auto flex w-fit max-w-[60vw] items-center gap-1 rounded-b-md px-2 py-0.5 text-xs font-semibold shadow-sm"
      style={{ backgroundColor: environment.color, color: environment.textColor }}
    >
      {environment.emoji ? <span aria-hidden>{environment.emoji}</span> : null}
      <span className="truncate">{environment.name}</span>
    </aside>
  )
}
