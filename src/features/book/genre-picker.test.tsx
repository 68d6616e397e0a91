// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { type ReactNode, useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Genre } from '@/lib/genre-schema'
import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import { GenrePicker } from './genre-picker'

// 25 genres on the "server", served 10 a page, searchable: the picker must reach all of them.
const GENRES: Genre[] = Array.from({ length: 25 }, (_, i) => ({
  id: `g${i}`,
  name: `Genre ${String(i).padStart(2, '0')}`,
  color: '#123456',
}))
const calls: Array<{ searchTerm: string; cursor?: string }> = []

vi.mock('@/lib/orpc', () => ({
  orpc: {
    genre: {
      list: {
        infiniteOptions: (options: {
          input: (cursor: string | undefined) => { searchTerm: string; cursor?: string }
          initialPageParam: unknown
          getNextPageParam: unknown
        }) => ({
          queryKey: ['genre', options.input(undefined).searchTerm],
          initialPageParam: options.initialPageParam,
          getNextPageParam: options.getNextPageParam,
          queryFn: async ({ pageParam }: { pageParam: string | undefined }) => {
            const input = options.input(pageParam)
            calls.push(input)
            const matching = GENRES.filter((g) => g.name.toLowerCase().includes(input.searchTerm.toLowerCase()))
            const start = input.cursor ? Number(input.cursor) : 0
            const next = start + 10 < matching.length ? String(start + 10) : null
            return {
              items: matching.slice(start, start + 10),
              nextCursor: next,
              total: input.cursor ? null : matching.length,
            }
          },
        }),
      },
    },
  },
}))

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
afterEach(() => {
  cleanup()
  calls.length = 0
})

function Harness({ onChange }: { onChange: (genre: Genre | null) => void }) {
  const [value, setValue] = useState<Genre | null>(null)
  return (
    <GenrePicker
      label="Genre"
      value={value}
      onChange={(genre) => {
        setValue(genre)
        onChange(genre)
      }}
    />
  )
}

function renderPicker(onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const I18n = withI18n(instance)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18n>{children}</I18n>
    </QueryClientProvider>
  )
  render(<Harness onChange={onChange} />, { wrapper })
  return { onChange, box: screen.getByRole('combobox', { name: 'Genre' }) as HTMLInputElement }
}

describe('GenrePicker', () => {
  it('is a combobox whose listbox reaches past the first page ("Show more genres")', async () => {
    const { box, onChange } = renderPicker()
    expect(box.getAttribute('aria-expanded')).toBe('false')
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(box.getAttribute('aria-expanded')).toBe('true')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(12)) // none + 10 + more
    fireEvent.click(screen.getByRole('option', { name: 'Show more genres' }))
    await waitFor(() => expect(screen.getByRole('option', { name: 'Genre 19' })).toBeTruthy())
    fireEvent.click(screen.getByRole('option', { name: 'Show more genres' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Genre 24' }))
    expect(onChange).toHaveBeenLastCalledWith(GENRES[24])
    expect(box.value).toBe('Genre 24')
    expect(box.getAttribute('aria-expanded')).toBe('false')
  })

  it('searches on the server as the user types, and picks with the keyboard', async () => {
    const { box, onChange } = renderPicker()
    fireEvent.change(box, { target: { value: '23' } })
    await waitFor(() => expect(calls.some((call) => call.searchTerm === '23')).toBe(true))
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Genre 23']))
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id)
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onChange).toHaveBeenLastCalledWith(GENRES[23])

    // Escape closes without changing the choice; 'No genre' clears it.
    fireEvent.change(box, { target: { value: 'nothing' } })
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(box.value).toBe('Genre 23')
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    await act(async () => {})
    fireEvent.click(await screen.findByRole('option', { name: 'No genre' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
    expect(box.value).toBe('')
  })
})
