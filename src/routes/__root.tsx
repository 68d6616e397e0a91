/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { HeadContent, Outlet, Scripts, createRootRouteWithContext } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { getSessionUser } from '@/features/auth/auth.functions'
import type { SessionUser } from '@/features/auth/session'
import { getShellState } from '@/features/shell/shell.functions'
import { rootHead } from '@/features/shell/head'
import { NotFoundPage } from '@/features/shell/not-found-page'
import { ShellOverlays } from '@/features/shell/shell-overlays'
import { languageConfig, languageDir } from '@/lib/i18n/config'
import { createI18n } from '@/lib/i18n/instance'
import { loadMessages } from '@/lib/i18n/messages'

export interface RouterContext {
  queryClient: QueryClient
  session: SessionUser | null
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The session is read on the server from the request cookie on every
  // navigation: guards never trust a stale client copy.
  beforeLoad: async () => ({ session: await getSessionUser() }),
  loader: async () => {
    const shell = await getShellState()
    return { ...shell, messages: await loadMessages(shell.language) }
  },
  // Language and messages are loaded once, with the first HTML.
  staleTime: Infinity,
  shouldReload: false,
  head: rootHead,
  component: RootComponent,
  notFoundComponent: NotFoundPage,
})

function RootComponent() {
  return (
    <RootDocument>
      <Outlet />
    </RootDocument>
  )
}

function RootDocument({ children }: { children: ReactNode }) {
  const { language, messages } = Route.useLoaderData()
  const [i18n] = useState(() => createI18n(language, messages))
  const config = languageConfig(language)
  const fontScale = 'fontScale' in config ? config.fontScale : 1
  return (
    <html
      lang={language}
      dir={languageDir(language)}
      style={fontScale !== 1 ? { fontSize: `${fontScale * 100}%` } : undefined}
    >
      <head>
        <HeadContent />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          {children}
          <ShellOverlays />
        </I18nextProvider>
        <Scripts />
      </body>
    </html>
  )
}
