import { type IconNode, Monitor, Moon, Sun } from 'lucide'
import { useId } from 'react'

import { cn } from '@/components/ui/cn'
import { Icon } from '@/components/ui/icon'
import { type Theme, THEMES, useTheme } from '@/components/ui/theme-provider'
import { useHydrated } from '@/components/ui/use-hydrated'
import { useTranslation } from '@/lib/i18n/react'

const ICONS = new Map<Theme, IconNode>([
  ['system', Monitor],
  ['light', Sun],
  ['dark', Moon],
])

/**
 * The theme: a labelled group of three choices (system, light, dark). The
 * theme is kept in local storage and applied by script, so the choices are
 * disabled until the page has hydrated.
 */
export function ThemeSwitcher({
  className,
  compact = false,
}: {
  className?: string
  /** Icons only (each still named for assistive technology), no visible legend: the sign-in pages' corner. */
  compact?: boolean
}) {
  const { t } = useTranslation('ui')
  // Undefined on the server and while hydrating: no choice is checked until the stored one is known.
  const { theme, setTheme } = useTheme()
  const name = useId()
  const hydrated = useHydrated()

  return (
    <fieldset disabled={!hydrated} className={cn('flex flex-col gap-1.5', className)}>
      <legend className={compact ? 'sr-only' : 'mb-1.5 text-sm font-medium'}>{t('preferences.theme')}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg border border-border p-1">
        {THEMES.map((value) => {
          const icon = ICONS.get(value) ?? Monitor
          return (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center justify-center gap-2 rounded-md text-sm font-medium text-muted-foreground',
                compact ? 'p-1.5' : 'px-3 py-2',
                'hover:bg-muted hover:text-foreground has-checked:bg-primary has-checked:text-primary-foreground',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary',
                'has-disabled:pointer-events-none has-disabled:opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
                className="sr-only"
              />
              <Icon node={icon} className="size-4" />
              <span className={compact ? 'sr-only' : undefined}>{t(`preferences.themes.${value}`)}</span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
