import type { ReactNode } from 'react'

import { cn } from './cn'

/**
 * A page's one heading (h1), with what sits beside it (a badge after the
 * title, actions at the end) and an optional line under it.
 */
export function PageHeader({
  title,
  badge,
  description,
  actions,
  className,
}: {
  title: ReactNode
  badge?: ReactNode
  description?: ReactNode
  actions?: ReactNode
  className?: string
}) {
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold break-words">
          {title}
          {badge}
        </h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  )
}
