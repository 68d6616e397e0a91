import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { LanguageSwitcher } from './language-switcher'
import { ThemeSwitcher } from './theme-switcher'

export { LanguageSwitcher } from './language-switcher'
export { ThemeSwitcher } from './theme-switcher'

/**
 * The account page's display preferences (spec section 2): language and
 * theme. Used by /app/account and /manager/account.
 */
export function DisplayPreferences({ className }: { className?: string }) {
  const { t } = useTranslation('ui')
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground', className)}
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold">
          {t('preferences.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('preferences.description')}</p>
      </div>
      <LanguageSwitcher />
      <ThemeSwitcher />
    </section>
  )
}
