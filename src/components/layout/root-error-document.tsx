import { type ErrorComponentProps, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'

import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/lib/i18n/config'
import { createI18n } from '@/lib/i18n/instance'
import { type Messages, pageMessages } from '@/lib/i18n/messages'
// Only what this page says, in the fallback language: named JSON imports keep the rest out of the bundle.
import { appName, errors } from '@/locales/en/shell.json'

import { AppDocument } from './app-document'
import { ErrorPage } from './error-page'

/** The English texts of the error screens, for when the root loader (the messages) failed. */
const FALLBACK_MESSAGES: Messages = { shell: { appName, errors } }

interface RootData {
  language?: Language
}

/**
 * The root's error screen. It replaces the whole document, so it brings its
 * own: <html> with the head (styles, title), the theme and the translations,
 * in the request's language when the root loader got that far, otherwise in
 * English (the fallback language), never raw keys or an unstyled page.
 */
export function RootErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  const data = useRouterState({ select: (state) => state.matches[0]?.loaderData as RootData | undefined })
  const loaded = isLanguage(data?.language) ? pageMessages(data.language, data) : undefined
  const language = loaded ? data!.language! : DEFAULT_LANGUAGE
  const [i18n] = useState(() => createI18n(language, loaded ?? FALLBACK_MESSAGES))
  return (
    <AppDocument language={language} i18n={i18n}>
      <ErrorPage error={error} />
    </AppDocument>
  )
}
