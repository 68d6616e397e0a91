import { useState } from 'react'

import { Select } from '@/components/ui/select'
import { toast } from '@/components/ui/toaster'
import { useHydrated } from '@/components/ui/use-hydrated'
import { useChangeLanguage } from '@/lib/i18n/client'
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES, toLanguage } from '@/lib/i18n/config'
import { useTranslation } from '@/lib/i18n/react'

import { LanguageLinks } from './language-links'

/**
 * The interface language: a labelled select listing the four languages by
 * their own names. Choosing one loads its messages, switches the page
 * (text, <html lang dir>, font scale) and remembers it (cookie and local
 * storage) for the next requests. The select needs the script: it is
 * disabled until the page has hydrated, and without JavaScript the languages
 * are links (`?lng=`, which the server honours and remembers in the cookie).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('ui')
  const changeLanguage = useChangeLanguage()
  // The language being loaded, shown in the select until the switch is done.
  const [pending, setPending] = useState<Language>()
  const current = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE
  const hydrated = useHydrated()

  const onChange = async (value: string) => {
    if (!isLanguage(value)) return
    setPending(value)
    try {
      await changeLanguage(value)
    } catch {
      toast.error(t('preferences.languageFailed'))
    } finally {
      setPending((latest) => (latest === value ? undefined : latest))
    }
  }

  return (
    <>
      <Select
        label={t('preferences.language')}
        className={className}
        disabled={!hydrated}
        value={pending ?? current}
        aria-busy={pending ? true : undefined}
        onChange={(event) => void onChange(event.target.value)}
        options={LANGUAGES.map((language) => ({ value: language.key, label: language.label, lang: language.key }))}
      />
      {/* Without JavaScript (the browser shows this only then; React renders nothing inside it on the client). */}
      <noscript>
        <LanguageLinks />
      </noscript>
    </>
  )
}
