// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
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

describe('SearchInput before hydration', () => {
  let root: Root | undefined
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
    document.body.innerHTML = ''
  })

  function paint(value: string, onValueChange = vi.fn()) {
    const I18n = withI18n(instance)
    const ui = (
      <I18n>
        <SearchInput action="/manager/books" value={value} onValueChange={onValueChange} />
      </I18n>
    )
    const container = document.createElement('div')
    container.innerHTML = renderToString(ui)
    document.body.append(container)
    return { container, ui, hydrate: () => act(() => void (root = hydrateRoot(container, ui))) }
  }

  it('is a search form that loads the page with ?searchTerm= (Enter works without script)', () => {
    const { container } = paint('river')
    const form = container.querySelector('form')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/manager/books')
    expect(form.getAttribute('role')).toBe('search')
    const input = form.querySelector('input')!
    expect(input.type).toBe('search')
    expect(input.name).toBe('searchTerm')
    expect(input.value).toBe('river')
    expect(input.maxLength).toBe(200)
    expect([...new FormData(form).entries()]).toEqual([['searchTerm', 'river']])
    // The clear button needs the script: not painted before it.
    expect(form.querySelector('button')).toBeNull()
  })

  it('shows the clear button once hydrated, and keeps and commits a term typed before hydration', () => {
    const onValueChange = vi.fn()
    const { container, hydrate } = paint('', onValueChange)
    const input = container.querySelector('input')!
    // Typed while the page was painted but not hydrated: the browser changed the field, React did not see it.
    input.focus()
    input.value = 'harbor'
    hydrate()
    expect(input.value).toBe('harbor')
    expect(document.activeElement).toBe(input)
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(300))
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('harbor')
  })

  it('keeps a term typed over the server value before hydration (React 19 does not report it)', () => {
    const onValueChange = vi.fn()
    const { container, hydrate } = paint('river', onValueChange)
    const input = container.querySelector('input')!
    input.value = 'lake'
    hydrate()
    expect(input.value).toBe('lake')
    act(() => vi.advanceTimersByTime(300))
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('lake')
  })

  it('once hydrated, Enter commits in place instead of loading the page', () => {
    const onValueChange = vi.fn()
    const { container, hydrate } = paint('', onValueChange)
    hydrate()
    const input = container.querySelector('input')!
    fireEvent.change(input, { target: { value: 'lake' } })
    const submit = new Event('submit', { bubbles: true, cancelable: true })
    container.querySelector('form')!.dispatchEvent(submit)
    expect(submit.defaultPrevented).toBe(true)
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('lake')
  })
})
