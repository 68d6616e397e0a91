import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'

import { Combobox } from '@/components/ui/combobox'
import { SEARCH_DEBOUNCE_MS } from '@/components/ui/search-input'
import { genreQueries } from '@/features/genre'
import type { Genre } from '@/lib/genre-schema'
import { useTranslation } from '@/lib/i18n/react'
import { useDebouncedValue } from '@/lib/use-debounced-value'

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
  /** The first entry, which clears the choice, and the empty field's text (default: 'No genre', 'Search genres'). */
  noneLabel?: string
  placeholder?: string
}

function ColourDot({ genre }: { genre: Genre }) {
  return <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ backgroundColor: genre.color }} />
}

/**
 * A combobox over every genre: typing searches `genre.list` on the server,
 * and 'Show more genres' reads the next page, so any genre can be found, not
 * only the first page.
 */
export function GenrePicker({
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  name,
  noneLabel,
  placeholder,
}: GenrePickerProps) {
  const { t } = useTranslation('book')
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const searchTerm = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)

  const query = useInfiniteQuery({ ...genreQueries.list(searchTerm), enabled: open })
  const genres = query.data?.pages.flatMap((page) => page.items) ?? []

  const status = query.isError
    ? t('genrePicker.error')
    : query.isPending
      ? t('genrePicker.loading')
      : genres.length === 0 && searchTerm
        ? t('genrePicker.noResults', { term: searchTerm })
        : null

  return (
    <Combobox
      label={label}
      name={name}
      items={genres}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      itemToString={(genre) => genre.name}
      itemKey={(genre) => genre.id}
      renderItem={(genre) => (
        <>
          <ColourDot genre={genre} />
          {genre.name}
        </>
      )}
      renderValueAdornment={(genre) => <ColourDot genre={genre} />}
      onSearchChange={setText}
      onOpenChange={setOpen}
      noneLabel={searchTerm ? undefined : (noneLabel ?? t('genrePicker.none'))}
      more={
        query.hasNextPage
          ? {
              label: t('genrePicker.more'),
              loading: query.isFetchingNextPage,
              onLoad: () => void query.fetchNextPage(),
            }
          : undefined
      }
      status={status}
      placeholder={placeholder ?? t('genrePicker.placeholder')}
      toggleLabel={t('genrePicker.open')}
      error={error}
      disabled={disabled}
    />
  )
}
