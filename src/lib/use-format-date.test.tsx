// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { createTestI18n, withI18n } from '@/lib/i18n/testing'

import { useFormatDate } from './use-format-date'

const zone = process.env.TZ
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo'
})
afterAll(() => {
  process.env.TZ = zone
})

function When() {
  const date = useFormatDate({ timeStyle: 'short', hourCycle: 'h23' })
  return <span data-testid="when">{date('2026-01-02T03:04:00.000Z')}</span>
}

it('renders UTC on the server (the same text as hydration), then the browser’s local time', async () => {
  const i18n = await createTestI18n('en')
  const Wrapper = withI18n(i18n)
  expect(
    renderToString(
      <Wrapper>
        <When />
      </Wrapper>,
    ),
  ).toContain('03:04')
  render(<When />, { wrapper: Wrapper })
  expect(screen.getByTestId('when').textContent).toBe('12:04')
})
