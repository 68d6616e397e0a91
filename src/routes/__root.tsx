/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { type ReactNode, useEffect, useState } from 'react'

import { ProofDialogSlot } from '@/components/auth/proof-dialog-slot'
import { DemoModeDialogSlot } from '@/components/demo/demo-mode-dialog-slot'
import { AppDocument } from '@/components/layout/app-document'
import { rootHead } from '@/components/layout/head'
import { MutationFeedback } from '@/components/layout/mutation-feedback'
import { NotFoundPage } from '@/components/layout/not-found-page'
import { RootErrorPage } from '@/components/layout/root-error-document'
import { ShellOverlays } from '@/components/layout/shell-overlays'
import { Toaster } from '@/components/ui/toaster'
import { SessionSync } from '@/features/auth'
import { ImpersonationBanner } from '@/features/user'
import { VitalsReporter } from '@/features/vitals'
import type { SessionUser } from '@/lib/auth/session'
import { syncDetectedLanguage } from '@/lib/i18n/client'
import { toLanguage } from '@/lib/i18n/config'
import { renderingI18n } from '@/lib/i18n/instance'
import { messageChunks } from '@/lib/i18n/message-chunks'
import { loadPageMessages, pageMessages } from '@/lib/i18n/messages'
import { useTranslatorLanguage } from '@/lib/i18n/react'
import { loadApi } from '@/lib/lazy-api'

export interface RouterContext {
  queryClient: QueryClient
  session: SessionUser | null
  /** The session could not be read: guarded pages show their error screen (503). */
  sessionUnavailable?: boolean
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The session is read on the server from the request cookie on every
  // navigation: guards never trust a stale client copy.
  // A failure here would leave no document to render an error in, so it is
  // handed to the area guards instead (see requireOnboardedUser).
  beforeLoad: async () => {
    try {
      const api = await loadApi()
      return { session: await api.auth.session(), sessionUnavailable: false }
    } catch {
      return { session: null, sessionUnavailable: true }
    }
  },
  loader: async ({ location, context }) => {
    // The URL's ?lng= wins over the cookie and the browser's languages.
    const lng = new URLSearchParams(location.searchStr).get('lng') ?? undefined
    const shell = await (await loadApi()).shell.state({ lng })
    const messages = await loadPageMessages(shell.language)
    // A signed-in page is rendered at every request (decision 030): it does not serialise the
    // translations, the same for every page of a language, into each answer; the browser reads
    // them from its own chunks (src/router.tsx, decision 046), which its head names for the browser
    // to fetch beside the page's modules (head.ts). An anonymous page, rendered once and kept (the
    // page cache) and where a first visit lands, carries them.
    return context.session ? { ...shell, messageChunks: messageChunks(shell.language) } : { ...shell, messages }
  },
  // Language and messages are loaded once, with the first HTML.
  staleTime: Infinity,
  shouldReload: false,
  head: rootHead,
  component: RootComponent,
  notFoundComponent: NotFoundPage,
  // Replaces the whole document (even when the loader above failed): it brings its own.
  errorComponent: RootErrorPage,
})

function RootComponent() {
  return (
    <RootDocument>
      <Outlet />
    </RootDocument>
  )
}

function RootDocument({ children }: { children: ReactNode }) {
  const data = Route.useLoaderData()
  const serverLanguage = data.language
  const { session } = Route.useRouteContext()
  const [i18n] = useState(() => renderingI18n(serverLanguage, pageMessages(serverLanguage, data) ?? {}))
  const language = toLanguage(useTranslatorLanguage(i18n)) ?? serverLanguage

  // After hydration, the browser's detector (local storage, session storage…)
  // may know a choice the server could not see; it also caches the language
  // in the cookie so the next request is rendered in it.
  useEffect(() => {
    void syncDetectedLanguage(i18n)
  }, [i18n])

  return (
    <AppDocument language={language} i18n={i18n}>
      <ImpersonationBanner session={session} />
      {children}
      <ShellOverlays />
      <Toaster />
      <MutationFeedback />
      <DemoModeDialogSlot />
      <ProofDialogSlot email={session?.email} />
      <SessionSync />
      <VitalsReporter />
    </AppDocument>
  )
}
