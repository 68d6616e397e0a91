import { useLocation } from '@tanstack/react-router'

import { cn } from '@/components/ui/cn'
import { SectionCard } from '@/components/ui/section-card'
import { useTranslation } from '@/lib/i18n/react'

import { LanguageLinks } from './language-links'
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

/**
 * The sign-in pages' language and theme (issue 27): a reader chooses before
 * signing in. The languages are links (they work before the script runs);
 * the theme, kept in local storage, waits for it.
 */
export function SignedOutPreferences({ className }: { className?: string }) {
  const page = useLocation({ select: ({ pathname, searchStr }) => ({ pathname, searchStr }) })
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-2', className)}>
      <LanguageLinks page={page} />
      <ThemeSwitcher compact />
    </div>
  )
}
