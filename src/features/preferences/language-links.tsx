import { cn } from '@/components/ui/cn'
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage } from '@/lib/i18n/config'
import { useTranslation } from '@/lib/i18n/react'

/** The page's search (`?redirect=…`), which a language's link keeps. */
export interface PageSearch {
  pathname: string
  searchStr: string
}

/** This page's address in `lng`: the same search (a `redirect`, an `email`), `?lng=` set. */
function withLanguage(page: PageSearch | undefined, lng: string) {
  if (!page) return `?lng=${lng}`
  const params = new URLSearchParams(page.searchStr)
  params.set('lng', lng)
  return `${page.pathname}?${params}`
}

/**
 * The four languages as links to this page in each (`?lng=`, which the server
 * renders and remembers in the cookie): they work before the page's script
 * runs, and without one. Each is named in its own language. Given the
 * page, a link keeps its search; otherwise it is `?lng=` alone.
 */
export function LanguageLinks({ page, className }: { page?: PageSearch; className?: string }) {
  const { t, i18n } = useTranslation('ui')
  const current = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE
  return (
    <nav aria-label={t('preferences.language')} className={cn('flex flex-wrap gap-x-3 gap-y-1 text-sm', className)}>
      {LANGUAGES.map((language) => (
        <a
          key={language.key}
          href={withLanguage(page, language.key)}
          lang={language.key}
          hrefLang={language.key}
          aria-current={language.key === current ? 'true' : undefined}
          className="rounded-sm text-primary underline-offset-4 hover:underline aria-[current=true]:font-semibold aria-[current=true]:text-foreground"
        >
          {language.label}
        </a>
      ))}
    </nav>
  )
}
