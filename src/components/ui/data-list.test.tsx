// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import { DataList, type DataListSource, listState } from './data-list'

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
afterEach(cleanup)

function source(overrides: Partial<DataListSource<string>> = {}): DataListSource<string> {
  return {
    items: ['Alpha', 'Beta'],
    pageCount: 1,
    total: 42,
    isPending: false,
    isError: false,
    isNextPageError: false,
    hasNextPage: true,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    retry: vi.fn(),
    ...overrides,
  }
}

function renderList(list: DataListSource<string>, searchTerm = '', pagedUrl = false) {
  return render(
    <DataList list={list} searchTerm={searchTerm} pagedUrl={pagedUrl} empty="Nothing yet">
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </DataList>,
    { wrapper: withI18n(instance) },
  )
}

describe('listState', () => {
  it('matches every state in one place', () => {
    expect(listState(source({ isPending: true, items: [] }))).toBe('pending')
    expect(listState(source({ isError: true, items: [] }))).toBe('error')
    expect(listState(source({ items: [] }))).toBe('empty')
    expect(listState(source({ items: [] }), ' x ')).toBe('empty-search')
    expect(listState(source())).toBe('default')
    // A failed next page keeps the items shown.
    expect(listState(source({ isError: true, isNextPageError: true }))).toBe('default')
  })
})

describe('DataList', () => {
  it('reads a capped total as 1,000+ and a large one with separators, in every language', async () => {
    const capped = source({ items: Array.from({ length: 20 }, (_, i) => `Book ${i}`), total: 1000, totalCapped: true })
    const expected = {
      en: ['Showing 20 of 1,000+', '1,000+ results for “winter”'],
      fr: ['20 affichés sur plus de 1\u202f000', 'Plus de 1\u202f000 résultats pour « winter »'],
      ar: ['عرض 20 من أكثر من 1,000', 'أكثر من 1,000 نتيجة لـ «winter»'],
      sw: ['Inaonyesha 20 kati ya zaidi ya 1,000', 'Matokeo zaidi ya 1,000 ya “winter”'],
    } as const
    for (const [language, [showing, results]] of Object.entries(expected)) {
      const view = render(
        <DataList list={capped} searchTerm="winter" empty="-">
          {(items) => <p>{items.length}</p>}
        </DataList>,
        { wrapper: withI18n(await createTestI18n(language as keyof typeof expected)) },
      )
      expect(screen.getByTestId('list-showing').textContent).toBe(showing)
      expect(screen.getByTestId('list-results').textContent).toBe(results)
      view.unmount()
    }
    renderList(source({ total: 1_000_000 }))
    expect(screen.getByText('Showing 2 of 1,000,000')).toBeTruthy()
  })

  it('shows the items, the counters and a load-more button that fetches the next page', () => {
    const list = source()
    renderList(list, 'al')
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Alpha', 'Beta'])
    expect(screen.getByText('Showing 2 of 42')).toBeTruthy()
    expect(screen.getByText('42 results for “al”')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(list.fetchNextPage).toHaveBeenCalledOnce()
  })

  it('says one result in the singular, and hides load more on the last page', () => {
    renderList(source({ items: ['Alpha'], total: 1, hasNextPage: false }), 'alp')
    expect(screen.getByText('1 result for “alp”')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('shows a busy placeholder while the first page loads', () => {
    renderList(source({ isPending: true, items: [], total: null }))
    expect(screen.getByText('Loading…')).toBeTruthy()
    expect(screen.queryByRole('listitem')).toBeNull()
  })

  it("shows 'Something went wrong' with what failed and Try again", () => {
    const list = source({ isError: true, items: [], total: null })
    renderList(list)
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong')
    expect(screen.getByRole('alert').textContent).toContain('The list could not be loaded.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(list.retry).toHaveBeenCalledOnce()
  })

  it('keeps the items when the next page fails, with a retry in place of load more', () => {
    const list = source({ isError: true, isNextPageError: true })
    renderList(list)
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('alert').textContent).toContain('More items could not be loaded.')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('tells an empty list from an empty search', () => {
    renderList(source({ items: [], total: 0, hasNextPage: false }))
    expect(screen.getByText('Nothing yet')).toBeTruthy()
    cleanup()
    renderList(source({ items: [], total: 0, hasNextPage: false }), 'zzz')
    expect(screen.getByText('No results for “zzz”')).toBeTruthy()
    expect(screen.getByText('0 results for “zzz”')).toBeTruthy()
  })
})

describe("DataList's Load more as a link (a page's ?searchTerm=&pages= list)", () => {
  const link = () => screen.getByRole('link', { name: 'Load more' }) as HTMLAnchorElement

  it('links to the same page with one more page, keeping the search', () => {
    renderList(source({ pageCount: 1 }), ' al ', true)
    expect(link().getAttribute('href')).toBe('?searchTerm=al&pages=2')
    cleanup()
    renderList(source({ pageCount: 3 }), '', true)
    expect(link().getAttribute('href')).toBe('?pages=4')
  })

  it('once hydrated, a click loads the next page in place (no navigation); a modified click opens the link', () => {
    const list = source()
    renderList(list, '', true)
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    act(() => void link().dispatchEvent(click))
    expect(click.defaultPrevented).toBe(true)
    expect(list.fetchNextPage).toHaveBeenCalledOnce()
    const ctrlClick = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true })
    act(() => void link().dispatchEvent(ctrlClick))
    expect(ctrlClick.defaultPrevented).toBe(false)
    expect(list.fetchNextPage).toHaveBeenCalledOnce()
  })

  it('while the next page loads: busy, not usable, not asked twice', () => {
    const list = source({ isFetchingNextPage: true })
    renderList(list, '', true)
    expect(link().getAttribute('aria-busy')).toBe('true')
    expect(link().getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(link())
    expect(list.fetchNextPage).not.toHaveBeenCalled()
  })

  it('moves the keyboard focus to the first new row once the next page is in', () => {
    const list = source()
    const view = render(
      <DataList list={list} pagedUrl empty="-">
        {(items) => (
          <ul>
            {items.map((item) => (
              <li key={item}>
                <a href={`#${item}`}>{item}</a>
              </li>
            ))}
          </ul>
        )}
      </DataList>,
      { wrapper: withI18n(instance) },
    )
    link().focus()
    fireEvent.click(link())
    const rerender = (next: Partial<DataListSource<string>>) =>
      view.rerender(
        <DataList list={{ ...list, ...next }} pagedUrl empty="-">
          {(items) => (
            <ul>
              {items.map((item) => (
                <li key={item}>
                  <a href={`#${item}`}>{item}</a>
                </li>
              ))}
            </ul>
          )}
        </DataList>,
      )
    rerender({ isFetchingNextPage: true })
    expect(document.activeElement).toBe(link())
    rerender({ items: ['Alpha', 'Beta', 'Gamma', 'Delta'], pageCount: 2 })
    expect(document.activeElement?.textContent).toBe('Gamma')
  })

  it("in a table, moves the focus to the first new body row's link (not the header's)", () => {
    const list = source()
    const table = (items: string[]) => (
      <table>
        <thead>
          <tr>
            <th>
              <a href="?sort=title">Title</a>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item}>
              <td>
                <a href={`#${item}`}>{item}</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    )
    const view = render(
      <DataList list={list} pagedUrl empty="-">
        {table}
      </DataList>,
      { wrapper: withI18n(instance) },
    )
    fireEvent.click(link())
    view.rerender(
      <DataList list={{ ...list, items: ['Alpha', 'Beta', 'Gamma'], pageCount: 2 }} pagedUrl empty="-">
        {table}
      </DataList>,
    )
    expect(document.activeElement?.textContent).toBe('Gamma')
  })

  it('keeps the sort and the filters in the link', () => {
    render(
      <DataList list={source()} pagedUrl listParams={{ sort: 'author', order: 'desc', banned: false }} empty="-">
        {(items) => <ul>{items.join()}</ul>}
      </DataList>,
      { wrapper: withI18n(instance) },
    )
    expect(link().getAttribute('href')).toBe('?sort=author&order=desc&banned=false&pages=2')
  })

  it('is painted as a link that works before hydration; past the cap of pages it has no address until hydrated', async () => {
    const I18n = withI18n(instance)
    const ui = (pageCount: number) => (
      <I18n>
        <DataList list={source({ pageCount })} pagedUrl empty="-">
          {(items) => <p>{items.join()}</p>}
        </DataList>
      </I18n>
    )
    expect(renderToString(ui(2))).toContain('href="?pages=3"')
    const container = document.createElement('div')
    container.innerHTML = renderToString(ui(10))
    document.body.append(container)
    const anchor = () => container.querySelector('a')!
    expect(anchor().hasAttribute('href')).toBe(false)
    expect(anchor().getAttribute('aria-disabled')).toBe('true')
    const root = await act(async () => hydrateRoot(container, ui(10)))
    expect(anchor().getAttribute('href')).toBe('?pages=10')
    expect(anchor().hasAttribute('aria-disabled')).toBe(false)
    act(() => root.unmount())
    container.remove()
  })
})
