import { useInfiniteQuery } from '@tanstack/react-query'
import { CheckIcon, ChevronDownIcon, Loader2Icon } from 'lucide-react'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '@/components/ui/cn'
import { SEARCH_DEBOUNCE_MS } from '@/components/ui/search-input'
import { useDebouncedValue } from '@/lib/use-debounced-value'

import { genreQueries } from './queries'
import type { Genre } from './schema'

type Option = { kind: 'none' } | { kind: 'genre'; genre: Genre } | { kind: 'more' }

export interface GenrePickerProps {
  label: string
  /** The chosen genre (null: none). */
  value: Genre | null
  onChange: (genre: Genre | null) => void
  onBlur?: () => void
  /** Already translated. */
  error?: string
  disabled?: boolean
  name?: string
}

/**
 * A combobox (WAI-ARIA 1.2 pattern) over every genre: typing searches
 * `genre.list` on the server, and 'Show more genres' reads the next page,
 * so any genre can be found, not only the first page.
 */
export function GenrePicker({ label, value, onChange, onBlur, error, disabled, name }: GenrePickerProps) {
  const { t } = useTranslation('book')
  const id = useId()
  const listId = `${id}-list`
  const errorId = `${id}-error`
  const inputRef = useRef<HTMLInputElement>(null)
  const [open, setOpen] = useState(false)
  const [text, setText] = useState<string | null>(null) // null: not typing, show the chosen genre
  const [active, setActive] = useState(0)
  const searchTerm = useDebouncedValue(text?.trim() ?? '', SEARCH_DEBOUNCE_MS)

  const query = useInfiniteQuery({ ...genreQueries.list(searchTerm), enabled: open })
  const genres = query.data?.pages.flatMap((page) => page.items) ?? []
  const options: Option[] = [
    ...(searchTerm ? [] : [{ kind: 'none' } as const]),
    ...genres.map((genre) => ({ kind: 'genre', genre }) as const),
    ...(query.hasNextPage ? [{ kind: 'more' } as const] : []),
  ]
  const optionId = (index: number) => `${id}-option-${index}`

  const close = () => {
    setOpen(false)
    setText(null)
    setActive(0)
  }

  const choose = (option: Option | undefined) => {
    if (!option) return
    if (option.kind === 'more') {
      void query.fetchNextPage()
      return
    }
    onChange(option.kind === 'genre' ? option.genre : null)
    close()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) setOpen(true)
        else setActive((index) => Math.min(index + 1, options.length - 1))
        break
      case 'ArrowUp':
        event.preventDefault()
        setActive((index) => Math.max(index - 1, 0))
        break
      case 'Enter':
        if (open) {
          event.preventDefault()
          choose(options[active])
        }
        break
      case 'Escape':
        if (open) {
          event.preventDefault()
          close()
        }
        break
    }
  }

  const status = query.isError
    ? t('genrePicker.error')
    : query.isPending
      ? t('genrePicker.loading')
      : genres.length === 0 && searchTerm
        ? t('genrePicker.noResults', { term: searchTerm })
        : null

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        {value ? (
          <span
            aria-hidden
            className="absolute start-3 top-1/2 size-3 -translate-y-1/2 rounded-full"
            style={{ backgroundColor: value.color }}
          />
        ) : null}
        <input
          ref={inputRef}
          id={id}
          name={name}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && options[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          disabled={disabled}
          placeholder={t('genrePicker.placeholder')}
          value={text ?? value?.name ?? ''}
          onChange={(event) => {
            setText(event.target.value)
            setActive(0)
            setOpen(true)
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close()
            onBlur?.()
          }}
          className={cn(
            'h-10 w-full rounded-md border border-border bg-white pe-10 text-base aria-invalid:border-danger dark:bg-zinc-900',
            value ? 'ps-8' : 'ps-3',
          )}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('genrePicker.open')}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close()
            else setOpen(true)
            inputRef.current?.focus()
          }}
          className="absolute end-1 top-1/2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
        >
          <ChevronDownIcon aria-hidden className="size-4" />
        </button>
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!open}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md border border-border bg-white p-1 shadow-lg dark:bg-zinc-900"
        >
          {options.map((option, index) => {
            const selected = option.kind === 'genre' ? option.genre.id === value?.id : option.kind === 'none' && !value
            return (
              <li
                key={option.kind === 'genre' ? option.genre.id : option.kind}
                id={optionId(index)}
                role="option"
                aria-selected={option.kind === 'more' ? undefined : selected}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseMove={() => setActive(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm',
                  index === active && 'bg-muted',
                  option.kind !== 'genre' && 'text-muted-foreground',
                )}
              >
                {option.kind === 'genre' ? (
                  <span
                    aria-hidden
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: option.genre.color }}
                  />
                ) : null}
                <span className="flex-1">
                  {option.kind === 'genre'
                    ? option.genre.name
                    : option.kind === 'none'
                      ? t('genrePicker.none')
                      : t('genrePicker.more')}
                </span>
                {option.kind === 'more' && query.isFetchingNextPage ? (
                  <Loader2Icon aria-hidden className="size-4 animate-spin" />
                ) : null}
                {selected ? <CheckIcon aria-hidden className="size-4" /> : null}
              </li>
            )
          })}
          {status ? (
            <li role="presentation" className="px-2 py-2 text-sm text-muted-foreground">
              {status}
            </li>
          ) : null}
        </ul>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
