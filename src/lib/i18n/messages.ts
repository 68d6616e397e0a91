import { DEFAULT_LANGUAGE, type Language } from './config'

export type Messages = Record<string, Record<string, unknown>>

// One lazy chunk per language file: only the active language reaches the browser.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json')

export async function loadMessages(language: Language): Promise<Messages> {
  const entries = Object.entries(files).filter(([path]) => path.includes(`/locales/${language}/`))
  const loaded = await Promise.all(
    entries.map(async ([path, load]) => {
      const namespace = path.split('/').pop()!.replace('.json', '')
      return [namespace, (await load()).default] as const
    }),
  )
  if (loaded.length === 0 && language !== DEFAULT_LANGUAGE) return loadMessages(DEFAULT_LANGUAGE)
  return Object.fromEntries(loaded)
}
