import { Link } from '@tanstack/react-router'
import { Check, ChevronDown, type IconNode } from 'lucide'
import { type ReactNode, useEffect, useRef } from 'react'

import { cn } from './cn'
import { Icon } from './icon'

export interface LinkMenuItem {
  key: string
  label: ReactNode
  /** The search params this choice sets on the page (the list starts again at its first page). */
  search: Record<string, unknown>
  current: boolean
}

/**
 * A choice of a list page's search params (a filter, a sort) as a menu of
 * links under a button: a `<details>` disclosure, so that it opens, and its
 * links load the page with the choice in the URL, before the page hydrates
 * and without script, as the search form does. The button shows `label`
 * (to assistive technology) and the current choice; with the script, a
 * choice, a click outside or Escape closes it.
 */
export function LinkMenu({
  label,
  icon,
  value,
  items,
  align = 'start',
  className,
}: {
  label: string
  icon: IconNode
  /** The current choice, as the button shows it. */
  value: ReactNode
  items: readonly LinkMenuItem[]
  /** The side of the button the menu lines up with: `end` for a button at the row's end (the menu stays on screen). */
  align?: 'start' | 'end'
  className?: string
}) {
  const details = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      const menu = details.current
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [])
  const close = () => {
    if (details.current) details.current.open = false
  }
  return (
    <details
      ref={details}
      className={cn('group relative', className)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !details.current?.open) return
        close()
        details.current.querySelector('summary')?.focus()
      }}
    >
      <summary className="flex h-10 cursor-pointer list-none items-center gap-1.5 rounded-md border border-border bg-control px-2.5 text-sm [&::-webkit-details-marker]:hidden">
        <Icon node={icon} className="size-4 shrink-0 text-muted-foreground" />
        <span className="sr-only">{label}: </span>
        <span className="min-w-0 flex-1 truncate text-start">{value}</span>
        <Icon node={ChevronDown} className="size-4 shrink-0 text-muted-foreground group-open:rotate-180" />
      </summary>
      <ul
        aria-label={label}
        onClick={close}
        className={cn(
          'absolute top-full z-20 mt-1 max-h-80 w-max max-w-[min(20rem,calc(100vw-2rem))] min-w-full overflow-y-auto rounded-md border border-border bg-control p-1 shadow-lg',
          align === 'start' ? 'start-0' : 'end-0',
        )}
      >
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to="."
              search={(previous: Record<string, unknown>) => ({ ...previous, ...item.search, pages: undefined })}
              aria-current={item.current ? 'true' : undefined}
              className="flex items-center gap-2 rounded px-2 py-2 text-sm hover:bg-muted focus-visible:-outline-offset-2"
            >
              <span className="flex flex-1 items-center gap-2">{item.label}</span>
              {item.current ? <Icon node={Check} className="size-4 shrink-0" /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  )
}
