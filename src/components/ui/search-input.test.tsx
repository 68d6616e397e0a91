// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import { SearchInput } from './search-input'

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const box = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement

describe('SearchInput', () => {
  it('commits the trimmed term once typing pauses, once', () => {
    const onValueChange = vi.fn()
    render(<SearchInput action="/app/books" value="" onValueChange={onValueChange} />, { wrapper: withI18n(instance) })
    fireEvent.change(box(), { target: { value: 'h' } })
    act(() => vi.advanceTimersByTime(100))
    fireEvent.change(box(), { target: { value: ' harbor ' } })
    act(() => vi.advanceTimersByTime(299))
    expect(onValueChange).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('harbor')
  })

  it('commits at once on Enter and on clear', () => {
    const onValueChange = vi.fn()
    render(<SearchInput action="/app/books" value="river" onValueChange={onValueChange} />, {
      wrapper: withI18n(instance),
    })
    expect(box().value).toBe('river')
    fireEvent.change(box(), { target: { value: 'lake' } })
    fireEvent.keyDown(box(), { key: 'Enter' })
    expect(onValueChange).toHaveBeenLastCalledWith('lake')
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(onValueChange).toHaveBeenLastCalledWith('')
    expect(box().value).toBe('')
  })

  it('shows a value changed from outside (Back), without committing it again', () => {
    const onValueChange = vi.fn()
    const { rerender } = render(<SearchInput action="/app/books" value="river" onValueChange={onValueChange} />, {
      wrapper: withI18n(instance),
    })
    rerender(<SearchInput action="/app/books" value="garden" onValueChange={onValueChange} />)
    expect(box().value).toBe('garden')
    act(() => vi.advanceTimersByTime(1000))
    expect(onValueChange).not.toHaveBeenCalled()
  })
})
