import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'

/** What every page needs before its first render: language and public settings. */
export const getShellState = createServerFn({ method: 'GET' }).handler(async () => {
  const { languageFromRequest } = await import('@/lib/i18n/detect.server')
  const { env } = await import('@/lib/env.server')
  const request = getRequest()
  const config = env()
  return {
    language: languageFromRequest(new URL(request.url), request.headers),
    demoMode: config.DEMO_MODE,
    environment: config.ENV_NAME
      ? { name: config.ENV_NAME, emoji: config.ENV_EMOJI ?? null, color: config.ENV_COLOR ?? null }
      : null,
  }
})
