/**
 * Test helpers: a ready i18next instance with a language's real messages, and
 * a wrapper that provides it. Only for *.test.tsx files.
 */
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'

import type { Language } from './config'
import { createI18n } from './instance'
import { loadMessages } from './messages'

export async function createTestI18n(language: Language = 'en'): Promise<i18n> {
  return createI18n(language, await loadMessages(language))
}

export function withI18n(instance: i18n) {
  return function I18nWrapper({ children }: { children: ReactNode }) {
    return <I18nextProvider i18n={instance}>{children}</I18nextProvider>
  }
}
