import { cn } from '@/components/ui/cn'
import { useTranslation } from '@/lib/i18n/react'

/** The logo (the favicon's drawing), decorative. */
function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="#3b3fb5" />
      <path d="M18 16h20a8 8 0 0 1 8 8v24H26a8 8 0 0 1-8-8z" fill="#fff" />
      <path d="M26 22h14M26 30h14M26 38h10" stroke="#3b3fb5" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

/** Logo and product name. */
export function Brand({ className }: { className?: string }) {
  const { t } = useTranslation('shell')
  return (
    <span className={cn('flex items-center gap-2 font-semibold', className)}>
      <Logo />
      <span className="truncate">{t('appName')}</span>
    </span>
  )
}
