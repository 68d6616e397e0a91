import { SectionCard } from '@/components/ui/section-card'
import { useTranslation } from '@/lib/i18n/react'

import { LanguageSwitcher } from './language-switcher'
import { ThemeSwitcher } from './theme-switcher'

/**
 * The account page's display preferences (docs/product.md#screens): language and
 * theme. Used by /app/account and /manager/account.
 */
export function DisplayPreferences({ className }: { className?: string }) {
  const { t } = useTranslation('ui')
  return (
    <SectionCard title={t('preferences.title')} description={t('preferences.description')} className={className}>
      <LanguageSwitcher />
      <ThemeSwitcher />
    </SectionCard>
  )
}
