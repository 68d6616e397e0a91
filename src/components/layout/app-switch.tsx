import { Link } from '@tanstack/react-router'
import { ArrowRight, CircleCheck, LayoutDashboard, Lock, MonitorSmartphone } from 'lucide'

import { Badge } from '@/components/ui/badge'
import { cn } from '@/components/ui/cn'
import { Icon } from '@/components/ui/icon'
import { roleCan } from '@/lib/auth/role-matrix'
import { useTranslation } from '@/lib/i18n/react'

export type Area = 'app' | 'manager'

const AREAS = [
  { key: 'app', to: '/app', icon: MonitorSmartphone },
  { key: 'manager', to: '/manager', icon: LayoutDashboard },
] as const

/**
 * Both areas: 'You are here' on the current one, 'Access Denied' on one the
 * role may not open (the `apps` permission of the matrix), a link otherwise.
 */
export function AppSwitch({
  current,
  role,
  compact = false,
  onNavigate,
}: {
  current: Area
  role: string
  /** Without descriptions (the user menu). */
  compact?: boolean
  onNavigate?: () => void
}) {
  const { t } = useTranslation('shell')
  return (
    <ul aria-label={t('appSwitch.title')} className={cn('grid gap-2', !compact && 'gap-3 sm:grid-cols-2')}>
      {AREAS.map((area) => {
        const here = area.key === current
        const denied = !here && !roleCan(role, { apps: [area.key] })
        const body = (
          <>
            <Icon node={area.icon} className="size-5 shrink-0" />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium">{t(`appSwitch.${area.key}.name`)}</span>
              {compact ? null : (
                <span className="text-sm text-muted-foreground">{t(`appSwitch.${area.key}.description`)}</span>
              )}
            </span>
            {here ? (
              <Badge tone="solid">
                <Icon node={CircleCheck} className="size-3.5" />
                {t('appSwitch.youAreHere')}
              </Badge>
            ) : denied ? (
              <Badge>
                <Icon node={Lock} className="size-3.5" />
                {t('appSwitch.accessDenied')}
              </Badge>
            ) : (
              <span className="flex items-center gap-1 text-sm font-medium text-primary">
                {t('appSwitch.open')}
                <Icon node={ArrowRight} className="size-4 rtl:-scale-x-100" />
              </span>
            )}
          </>
        )
        const card = cn('flex items-center gap-3 rounded-lg border border-border', compact ? 'p-2' : 'p-4')
        return (
          <li key={area.key}>
            {here || denied ? (
              <div
                data-area={area.key}
                aria-current={here ? 'page' : undefined}
                className={cn(card, here ? 'border-primary' : 'bg-panel')}
              >
                {body}
              </div>
            ) : (
              <Link
                to={area.to}
                data-area={area.key}
                onClick={onNavigate}
                className={cn(card, 'hover:border-primary hover:bg-panel')}
              >
                {body}
              </Link>
            )}
          </li>
        )
      })}
    </ul>
  )
}
