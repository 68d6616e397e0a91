import { type ReactNode, useId } from 'react'

import { cn } from './cn'

/** A titled card (a region labelled by its heading), e.g. the account page's sections. */
export function SectionCard({
  title,
  description,
  children,
  className,
}: {
  title: string
  description?: string
  children: ReactNode
  className?: string
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground', className)}
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  )
}
