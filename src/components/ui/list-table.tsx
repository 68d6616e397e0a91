import type { ReactNode } from 'react'

import { cn } from './cn'

/** A column header that does not sort (the list has no order by that column, or it is not a sorted list). */
export function PlainHeader({ label, className }: { label: string; className?: string }) {
  return (
    <th scope="col" className={cn('px-4 py-2 text-start font-medium', className)}>
      {label}
    </th>
  )
}

/**
 * An admin table: its name, its header cells (`SortableHeader`, `PlainHeader`), a line above
 * each row. `fixed`: the page's width, columns as their headers size them (a list's rows);
 * `auto`: columns as wide as what they hold, the table scrolled sideways on a narrow screen
 * (a grid of figures).
 */
export function ListTable({
  label,
  headers,
  children,
  layout = 'fixed',
}: {
  label: string
  headers: ReactNode
  children: ReactNode
  layout?: 'fixed' | 'auto'
}) {
  const table = (
    <table
      aria-label={label}
      className={cn(
        'w-full border-separate border-spacing-0 overflow-hidden rounded-lg border border-border',
        layout === 'fixed' && 'table-fixed',
      )}
    >
      <thead className="text-sm text-muted-foreground">
        <tr>{headers}</tr>
      </thead>
      <tbody className="[&>tr>*]:border-t [&>tr>*]:border-border">{children}</tbody>
    </table>
  )
  // A list's table is its DataList's first child (Load more focuses its rows): no wrapper for `fixed`.
  return layout === 'fixed' ? table : <div className="overflow-x-auto">{table}</div>
}
