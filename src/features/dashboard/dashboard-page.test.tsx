// @vitest-environment jsdom
import { createRoute } from '@tanstack/react-router'
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { renderRoutes, testRootRoute } from '@/test/render'

import { DashboardView } from './dashboard-page'
import type { DashboardSummary } from './schema'

afterEach(cleanup)

const summary: DashboardSummary = {
  books: { value: 1_000_123, exact: false },
  genres: { value: 10, exact: true },
  users: { value: 102, exact: true },
  activeSessions: { value: 3, exact: true },
  newUsersThisWeek: { value: 0, exact: true },
  latestBooks: [
    { id: 'b1', title: 'The Amber Orchard', author: 'Ada K. Becker', genre: { name: 'Poetry', color: '#EC4899' } },
    { id: 'b2', title: 'A Book Without Genre', author: 'Omar Rossi', genre: null },
  ],
}

async function renderDashboard(data: DashboardSummary) {
  const root = testRootRoute()
  const dashboard = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <DashboardView summary={data} userName="Admin" />,
  })
  const books = createRoute({ getParentRoute: () => root, path: '/manager/books' })
  const book = createRoute({ getParentRoute: () => root, path: '/manager/books/$id' })
  return renderRoutes(root.addChildren([dashboard, books, book]))
}

describe('DashboardView', () => {
  it('shows each figure under its name, an estimate as "About N"', async () => {
    await renderDashboard(summary)
    const figures = screen.getByRole('region', { name: 'Figures' })
    const terms = within(figures)
      .getAllByRole('term')
      .map((term) => term.textContent)
    expect(terms).toEqual(['Books', 'Genres', 'Users', 'Active sessions', 'New sign-ups this week'])
    const values = within(figures)
      .getAllByRole('definition')
      .map((definition) => definition.textContent)
    expect(values).toEqual(['About 1,000,123', '10', '102', '3', '0', 'In the last 7 days'])
  })

  it('links each of the latest books to its page', async () => {
    await renderDashboard(summary)
    const latest = screen.getByRole('region', { name: 'Latest books' })
    const first = within(latest).getByRole('link', { name: /The Amber Orchard/ })
    expect(first.getAttribute('href')).toBe('/manager/books/b1')
    expect(first.textContent).toContain('by Ada K. Becker · Poetry')
    expect(within(latest).getByRole('link', { name: /A Book Without Genre/ }).textContent).toContain('No genre')
    expect(within(latest).getByRole('link', { name: 'All books' }).getAttribute('href')).toBe('/manager/books')
  })

  it('says so when there is no book yet', async () => {
    await renderDashboard({ ...summary, books: { value: 0, exact: true }, latestBooks: [] })
    const latest = screen.getByRole('region', { name: 'Latest books' })
    expect(within(latest).getByText('No books yet.')).toBeTruthy()
    expect(
      within(latest)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All books'])
  })
})
