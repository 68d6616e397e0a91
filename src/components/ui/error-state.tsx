import { RotateCcw } from 'lucide'
import { useState } from 'react'

import { Icon } from '@/components/ui/icon'
import { useTranslation } from '@/lib/i18n/react'

import { Button } from './button'
import { cn } from './cn'

/**
 * Data that could not be loaded (docs/product.md#screens): 'Something went wrong',
 * what failed when a more specific line applies, and Try again (disabled
 * until the retry settles).
 */
export function ErrorState({
  message,
  onRetry,
  className,
}: {
  message?: string
  onRetry: () => unknown
  className?: string
}) {
  const { t } = useTranslation('ui')
  const [retrying, setRetrying] = useState(false)
  const retry = async () => {
    setRetrying(true)
    try {
      await onRetry()
    } finally {
      setRetrying(false)
    }
  }
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-danger/40 px-4 py-6 text-center',
        className,
      )}
    >
      <p className="font-medium text-danger">{t('errorState.title')}</p>
      {message ? <p className="text-sm text-muted-foreground">{message}</p> : null}
      <Button variant="secondary" onClick={() => void retry()} disabled={retrying} aria-busy={retrying || undefined}>
        <Icon node={RotateCcw} className="size-4" />
        {t('errorState.retry')}
      </Button>
    </div>
  )
}
