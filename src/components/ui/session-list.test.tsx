// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import type { Device } from '@/lib/device'
import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import { SessionList, SessionRow } from './session-list'

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
afterEach(cleanup)

function renderRows(devices: Device[]) {
  render(
    <SessionList label="Sessions">
      {devices.map((device, index) => (
        <SessionRow key={index} testId="row" device={device} details={[`line ${index}`]} />
      ))}
    </SessionList>,
    { wrapper: withI18n(instance) },
  )
  return screen.getAllByTestId('row')
}

describe('SessionList', () => {
  it('describes a device one way: browser on system, either one alone, or unknown', () => {
    const rows = renderRows([
      { browser: 'Firefox 128', os: 'Linux', type: 'desktop' },
      { browser: 'Mobile Safari 17', type: 'mobile' },
      { os: 'Android 14', type: 'tablet' },
      { type: 'desktop' },
    ])
    expect(screen.getByRole('list', { name: 'Sessions' })).toBeTruthy()
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Firefox 128 on Linux',
      'Mobile Safari 17',
      'Android 14',
      'Unknown device',
    ])
    expect(rows.map((row) => row.querySelector('svg')?.dataset.device)).toEqual([
      'desktop',
      'mobile',
      'tablet',
      'desktop',
    ])
    expect(rows[0]!.textContent).toContain('line 0')
  })
})
