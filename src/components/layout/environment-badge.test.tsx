// @vitest-environment jsdom
import { createRootRoute } from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { DEFAULT_BADGE_COLOR, environmentBadge, type EnvironmentBadgeData } from '@/lib/environment-badge.server'
import { I18nProvider } from '@/lib/i18n/react'
import { createTestI18n } from '@/lib/i18n/testing'
import { renderRoutes } from '@/test/render'

import { EnvironmentBadge } from './environment-badge'
import { ShellOverlays } from './shell-overlays'

afterEach(cleanup)

describe('environmentBadge (server)', () => {
  it('is null without ENV_NAME', () => {
    expect(environmentBadge(parseEnv({}))).toBeNull()
    expect(environmentBadge(parseEnv({ ENV_EMOJI: '🧪', ENV_COLOR: 'gold' }))).toBeNull()
  })

  it('has the name, emoji and colour, with black or white text for contrast', () => {
    expect(environmentBadge(parseEnv({ ENV_NAME: 'Preview', ENV_EMOJI: '🧪', ENV_COLOR: 'gold' }))).toEqual({
      name: 'Preview',
      emoji: '🧪',
      color: '#ffd700',
      textColor: '#000000',
    })
    expect(environmentBadge(parseEnv({ ENV_NAME: 'Staging', ENV_COLOR: 'rgb(20, 20, 120)' }))).toEqual({
      name: 'Staging',
      emoji: null,
      color: '#141478',
      textColor: '#ffffff',
    })
  })

  it('has a default colour', () => {
    expect(environmentBadge(parseEnv({ ENV_NAME: 'Local' }))).toMatchObject({
      color: DEFAULT_BADGE_COLOR,
      textColor: '#ffffff',
    })
  })
})

describe('EnvironmentBadge', () => {
  it('shows the name and emoji on the colour, labelled for assistive technology', async () => {
    const i18n = await createTestI18n('en')
    render(
      <I18nProvider i18n={i18n}>
        <EnvironmentBadge environment={{ name: 'Preview', emoji: '🧪', color: '#ffd700', textColor: '#000000' }} />
      </I18nProvider>,
    )
    const badge = screen.getByRole('complementary', { name: 'Environment' })
    expect(badge.textContent).toBe('🧪Preview')
    expect(badge.style.backgroundColor).toBe('rgb(255, 215, 0)')
    expect(badge.style.color).toBe('rgb(0, 0, 0)')
    // The emoji is decoration: the name is what is read.
    expect(screen.getByText('🧪').getAttribute('aria-hidden')).toBe('true')
  })
})

describe('ShellOverlays', () => {
  /** A root route whose loader returns `environment`, as the app's root loader does. */
  async function renderRoot(environment: EnvironmentBadgeData | null) {
    window.scrollTo = () => {}
    const root = createRootRoute({
      loader: () => ({ environment }),
      component: () => (
        <>
          <p>{'page'}</p>
          <ShellOverlays />
        </>
      ),
    })
    await renderRoutes(root)
    await screen.findByText('page')
  }

  it("renders the badge from the root loader's environment", async () => {
    await renderRoot({ name: 'Preview', emoji: '🧪', color: '#141478', textColor: '#ffffff' })
    expect(screen.getByRole('complementary', { name: 'Environment' }).textContent).toBe('🧪Preview')
  })

  it('renders no badge without an environment', async () => {
    await renderRoot(null)
    expect(screen.queryByRole('complementary', { name: 'Environment' })).toBeNull()
  })
})
