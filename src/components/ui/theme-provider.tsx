import { useRouter } from '@tanstack/react-router'
import { ThemeProvider as NextThemesProvider } from 'next-themes'
import type { ReactNode } from 'react'

/** Themes (docs/product.md#data): stored under the key `theme`, applied as a class on <html>. */
export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]
const THEME_STORAGE_KEY = 'theme'

/**
 * next-themes renders an inline script first thing in <body> that sets the
 * `light` or `dark` class (and `color-scheme`) on <html> from local storage
 * before anything is painted: no flash on server-rendered pages. <html> has
 * suppressHydrationWarning for that class.
 */
// The inline script only matters in the server's HTML. Rendered in the browser
// (never on hydration, but in a client-only render) React would warn that it
// cannot run it: there it is marked as a data block, which React accepts.
const scriptProps = typeof window === 'undefined' ? undefined : { type: 'application/json' }

export function ThemeProvider({ children }: { children: ReactNode }) {
  // The page's CSP nonce (src/router.tsx), without which its inline script would not run.
  const nonce = (useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined)?.options?.ssr?.nonce
  return (
    <NextThemesProvider
      attribute="class"
      storageKey={THEME_STORAGE_KEY}
      themes={['light', 'dark']}
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      scriptProps={scriptProps}
      nonce={nonce}
    >
      {children}
    </NextThemesProvider>
  )
}
