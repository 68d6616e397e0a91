import { Link } from '@tanstack/react-router'
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide'

import { type ListSort, nextSort } from '@/lib/search-params'

import { cn } from './cn'
import { Icon } from './icon'

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/**
 * A column header of a list sorted by its page's `?sort=&order=` (issue 27):
 * its link asks for this column ascending, or the other direction when the
 * column is the sort, and starts again at the first page. A link, not a
 * button, so that it works before the page hydrates and without script; the
 * header says the current order to assistive technology (`aria-sort`).
 */
export function SortableHeader<Sort extends string>({
  column,
  label,
  current,
  className,
}: {
  column: Sort
  label: string
  current: ListSort<Sort>
  className?: string
}) {
  const order = current.sort === column ? current.order : null
  return (
    <th scope="col" aria-sort={order ? ARIA_SORT[order] : 'none'} className={cn('p-0 font-medium', className)}>
      <Link
        to="."
        search={(previous: Record<string, unknown>) => ({
          ...previous,
          ...nextSort(current, column),
          pages: undefined,
        })}
        resetScroll={false}
        className="flex w-full items-center gap-1 px-4 py-2 text-start hover:text-foreground focus-visible:-outline-offset-2"
      >
        <span className="truncate">{label}</span>
        <Icon
          node={order === 'asc' ? ArrowUp : order === 'desc' ? ArrowDown : ChevronsUpDown}
          className={cn('size-3.5 shrink-0', !order && 'opacity-50')}
        />
      </Link>
    </th>
  )
}
