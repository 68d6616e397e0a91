import { HeadContent, Scripts } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { ThemeProvider } from '@/components/ui/theme-provider'
import { type Language, languageDir, languageFontScale } from '@/lib/i18n/config'
import { I18nProvider } from '@/lib/i18n/react'
import type { Translator } from '@/lib/i18n/translator'

/**
 * The whole HTML document around the app or the root's error screen: `<html>`
 * in the language (direction, font scale), the head, the theme and the
 * translations, then the router's scripts.
 */
export function AppDocument({
  language,
  i18n,
  children,
}: {
  language: Language
  i18n: Translator
  children: ReactNode
}) {
  const fontScale = languageFontScale(language)
  return (
    // suppressHydrationWarning: the theme script (ThemeProvider) sets the theme class and color-scheme before React hydrates.
    <html
      lang={language}
      dir={languageDir(language)}
      style={fontScale !== 1 ? { fontSize: `${fontScale * 100}%` } : undefined}
      suppressHydrationWarning
    >
      <head>
        <HeadContent />
      </head>
      <body>
        <ThemeProvider>
          <I18nProvider i18n={i18n}>{children}</I18nProvider>
        </ThemeProvider>
        <Scripts />
      </body>
    </html>
  )
}
