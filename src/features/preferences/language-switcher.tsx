import { useState } from 'react'

import { Select } from '@/components/ui/select'
import { toast } from '@/components/ui/toaster'
import { useChangeLanguage } from '@/lib/i18n/client'
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES, toLanguage } from '@/lib/i18n/config'
import { useTranslation } from '@/lib/i18n/react'

/**
 * The interface language: a labelled select listing the four languages by
 * their own names. Choosing one loads its messages, switches the page
 * (text, <html lang dir>, font scale) and remembers it (cookie and local
 * storage) for the next requests.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('ui')
  const changeLanguage = useChangeLanguage()
  // The language being loaded, shown in the select until the switch is done.
  const [pending, setPending] = useState<Language>()
  const current = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE

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
    <Select
      label={t('preferences.language')}
      className={className}
      value={pending ?? current}
      aria-busy={pending ? true : undefined}
      onChange={(event) => void onChange(event.target.value)}
      options={LANGUAGES.map((language) => ({ value: language.key, label: language.label, lang: language.key }))}
    />
  )
}
