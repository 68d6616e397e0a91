import { createServerFn } from '@tanstack/react-start'
import { getCookie, getRequest } from '@tanstack/react-start/server'
import { SIDEBAR_COOKIE } from './sidebar-state'

/** What every page needs before its first render: language and public settings. */
export const getShellState = createServerFn({ method: 'GET' }).handler(async () => {
  const { languageFromRequest } = await import('@/lib/i18n/detect.server')
  const { env } = await import('@/lib/env.server')
  const { environmentBadge } = await import('./environment-badge.server')
  const request = getRequest()
  const config = env()
  return {
    language: languageFromRequest(new URL(request.url), request.headers),
    environment: environmentBadge(config),
    links: { docs: config.DOCS_URL, issues: config.ISSUES_URL },
    // Read here so the first HTML already has the manager sidebar as the user left it.
    sidebarCollapsed: getCookie(SIDEBAR_COOKIE) === 'collapsed',
  }
})
