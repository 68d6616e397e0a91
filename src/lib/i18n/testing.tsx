/**
 * Test helpers: a ready i18next instance with a language's real messages, and
 * a wrapper that provides it. Only for *.test.tsx files.
 */
import type { ReactNode } from 'react'

import { I18nProvider } from '@/lib/i18n/react'

import type { Language } from './config'
import { createI18n } from './instance'
import { loadMessages } from './messages'
import type { Translator } from './translator'

export async function createTestI18n(language: Language = 'en'): Promise<Translator> {
  return createI18n(language, await loadMessages(language))
}

export function withI18n(instance: Translator) {
  return function I18nWrapper({ children }: { children: ReactNode }) {
    return <I18nProvider i18n={instance}>{children}</I18nProvider>
  }
}
