import { Search, X } from 'lucide'
import { useCallback, useEffect, useEffectEvent, useId, useState } from 'react'

import { Icon } from '@/components/ui/icon'
import { useTranslation } from '@/lib/i18n/react'
import { type ListParams, SEARCH_TERM_MAX } from '@/lib/search-params'

import { cn } from './cn'
import { useHydrated } from './use-hydrated'

export const SEARCH_DEBOUNCE_MS = 300

export interface SearchInputProps {
  /** The committed term (e.g. the `searchTerm` search param). */
  value: string
  /** The page the search form loads before the script runs (or without one): the list's own path, e.g. `/app/books`. */
  action: string
  /** The search param the form submits the term as (`searchTerm`, see `listSearch`). */
  name?: string
  /** Called with the trimmed term once typing pauses for `delayMs`, on Enter, or on clear. */
  onValueChange: (value: string) => void
  /** The label; defaults to ui:list.search ('Search'). */
  label?: string
  /** Show the label above the box (beside other labelled filters), not only to assistive technology. */
  showLabel?: boolean
  /** The list's other search params (a sort, a filter), which a search sent before the script runs keeps. */
  params?: ListParams
  placeholder?: string
  delayMs?: number
  className?: string
}

/**
 * A search box bound to a committed value it does not own (a URL search
 * param): typing is local and debounced, and when the value changes from
 * outside (Back, a link) the box shows it again. It is a real search form
 * (`GET action?searchTerm=…`): Enter before the page hydrates, or without
 * JavaScript, loads the page with the term and the server renders the
 * results; once hydrated, Enter commits in place. The clear button needs the
 * script, so it shows only once the page has hydrated.
 */
export function SearchInput({
  value,
  action,
  name = 'searchTerm',
  onValueChange,
  label,
  showLabel = false,
  params = {},
  placeholder,
  delayMs = SEARCH_DEBOUNCE_MS,
  className,
}: SearchInputProps) {
  const { t } = useTranslation('ui')
  const id = useId()
  const hydrated = useHydrated()
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)

  // The committed value changed elsewhere (Back/Forward): show it, unless it is what is typed.
  if (value !== shown) {
    setShown(value)
    if (text.trim() !== value) setText(value)
  }

  // What was typed before the page hydrated is in the field, not in `text`: React 19 keeps the
  // field's value at hydration but does not report it (no change event), and the next render of
  // the controlled field would erase it. Take it once, when the field is attached.
  const adoptTyped = useCallback((input: HTMLInputElement | null) => {
    if (input && input.value !== input.defaultValue) setText(input.value)
  }, [])

  const commitTyped = useEffectEvent((term: string) => {
    if (term !== value) onValueChange(term)
  })

  // Commit once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => commitTyped(text.trim()), delayMs)
    return () => clearTimeout(timer)
  }, [text, delayMs])

  const commit = (next: string) => {
    setText(next)
    if (next.trim() !== value) onValueChange(next.trim())
  }

  return (
    <form
      method="get"
      action={action}
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        commit(text)
      }}
      className={cn('flex flex-col gap-1.5', className)}
    >
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>
        {label ?? t('list.search')}
      </label>
      {Object.entries(params).map(([param, paramValue]) =>
        paramValue === undefined ? null : <input key={param} type="hidden" name={param} value={String(paramValue)} />,
      )}
      <div className="relative">
        <Icon
          node={Search}
          aria-hidden
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={id}
          ref={adoptTyped}
          type="search"
          name={name}
          maxLength={SEARCH_TERM_MAX}
          value={text}
          placeholder={placeholder ?? t('list.searchPlaceholder')}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              commit(text)
            }
          }}
          className="h-10 w-full rounded-md border border-border bg-control ps-9 pe-10 text-base [&::-webkit-search-cancel-button]:hidden"
        />
        {hydrated && text ? (
          <button
            type="button"
            onClick={() => commit('')}
            aria-label={t('list.clearSearch')}
            className="absolute end-1 top-1/2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
          >
            <Icon node={X} className="size-4" />
          </button>
        ) : null}
      </div>
    </form>
  )
}
