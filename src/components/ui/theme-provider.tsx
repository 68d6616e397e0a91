import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useSyncExternalStore } from 'react'

/** Themes (docs/product.md#data): stored under the key `theme`, applied as a class on <html>. */
export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]
type ResolvedTheme = Exclude<Theme, 'system'>
const THEME_STORAGE_KEY = 'theme'
const DARK_QUERY = '(prefers-color-scheme: dark)'

/**
 * Puts the stored theme on <html> (the `light` or `dark` class and
 * `color-scheme`). Serialized whole into the page's inline script, so it may
 * use nothing outside itself.
 */
function applyTheme(storageKey: string, darkQuery: string, theme?: ResolvedTheme) {
  let resolved = theme
  if (!resolved) {
    let stored: string | null = null
    try {
      stored = localStorage.getItem(storageKey)
    } catch {
      // storage refused (private mode, a sandbox): the system's theme
    }
    resolved = stored === 'light' || stored === 'dark' ? stored : matchMedia(darkQuery).matches ? 'dark' : 'light'
  }
  const root = document.documentElement
  root.classList.remove('light', 'dark')
  root.classList.add(resolved)
  root.style.colorScheme = resolved
}

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme)

function storedTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY)
    return isTheme(stored) ? stored : 'system'
  } catch {
    return 'system'
  }
}

let darkMedia: MediaQueryList | undefined
const systemDark = () => (darkMedia ??= matchMedia(DARK_QUERY))
const resolve = (theme: Theme): ResolvedTheme =>
  theme === 'system' ? (systemDark().matches ? 'dark' : 'light') : theme

/** A theme change repaints every colour at once: no element runs its colour transition on the way. */
function applyWithoutTransitions(theme: ResolvedTheme) {
  const style = document.createElement('style')
  style.textContent = '*,*::before,*::after{transition:none!important}'
  document.head.append(style)
  applyTheme(THEME_STORAGE_KEY, DARK_QUERY, theme)
  // Styles are computed with transitions off before they come back.
  void getComputedStyle(document.body).opacity
  setTimeout(() => style.remove(), 1)
}

/*
 * The theme as the browser keeps it: local storage (shared by the tabs) and
 * the system's preference. <html> already carries it before the first paint
 * (the inline script below), so nothing is applied at hydration: only a
 * change (here, in another tab, or of the system's theme while `system` is
 * chosen) touches the document.
 */
type ThemeState = { theme: Theme; resolved: ResolvedTheme }
const listeners = new Set<() => void>()
let current: ThemeState | undefined

const read = (): ThemeState => {
  const theme = storedTheme()
  return { theme, resolved: resolve(theme) }
}
const snapshot = () => (current ??= read())

function update(next: ThemeState) {
  const before = snapshot()
  if (next.theme === before.theme && next.resolved === before.resolved) return
  current = next
  if (next.resolved !== before.resolved) applyWithoutTransitions(next.resolved)
  for (const listener of listeners) listener()
}

const onChange = () => update(read())
const onStorage = (event: StorageEvent) => {
  if (event.key === THEME_STORAGE_KEY || event.key === null) onChange()
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    darkMedia = matchMedia(DARK_QUERY)
    current = read()
    // Where no inline script ran (a page rendered in the browser alone), the theme goes on now.
    const root = document.documentElement
    if (!root.classList.contains(current.resolved) || root.style.colorScheme !== current.resolved)
      applyTheme(THEME_STORAGE_KEY, DARK_QUERY, current.resolved)
    addEventListener('storage', onStorage)
    systemDark().addEventListener('change', onChange)
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    removeEventListener('storage', onStorage)
    systemDark().removeEventListener('change', onChange)
  }
}

function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // not kept: this page still shows it
  }
  update({ theme, resolved: resolve(theme) })
}

const serverSnapshot = () => undefined

/**
 * The chosen theme (`system`, `light` or `dark`), the one shown (`light` or
 * `dark`) and `setTheme`. Both are undefined on the server and while
 * hydrating: the stored theme is only known in the browser.
 */
export function useTheme() {
  const state = useSyncExternalStore(subscribe, snapshot, serverSnapshot)
  return { theme: state?.theme, resolvedTheme: state?.resolved, setTheme }
}

// The inline script only matters in the server's HTML. Rendered in the browser
// (never on hydration, but in a client-only render) React would warn that it
// cannot run it: there it is marked as a data block, which React accepts.
const scriptType = typeof window === 'undefined' ? undefined : 'application/json'
const THEME_SCRIPT = `(${applyTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)},${JSON.stringify(DARK_QUERY)})`

/**
 * The inline script first thing in <body> sets the theme on <html> before
 * anything is painted: no flash on server-rendered pages. <html> has
 * suppressHydrationWarning for that class.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  // The page's CSP nonce (src/router.tsx), without which the script would not run. The browser hides
  // a nonce once the page is parsed: on hydration it reads as empty.
  const nonce = (useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined)?.options?.ssr?.nonce
  // Listens from the start: changes in another tab or of the system's theme are followed on every page.
  useTheme()
  return (
    <>
      <script
        type={scriptType}
        nonce={typeof window === 'undefined' ? nonce : ''}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }}
      />
      {children}
    </>
  )
}
