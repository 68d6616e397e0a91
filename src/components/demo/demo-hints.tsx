import { Info } from 'lucide'
import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { useTranslation } from '@/lib/i18n/react'

function HintBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <aside
      aria-label={label}
      className="flex gap-3 rounded-md border border-notice-border bg-notice p-3 text-sm text-notice-foreground"
    >
      <Icon node={Info} className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-2">{children}</div>
    </aside>
  )
}

/** Login page in demo mode: the accounts one may sign in to, a click fills the e-mail. */
export function DemoAccountsHint({ accounts, onPick }: { accounts: string[]; onPick: (email: string) => void }) {
  const { t } = useTranslation('demo')
  if (accounts.length === 0) return null
  return (
    <HintBox label={t('hint.label')}>
      <p>{t('hint.accounts')}</p>
      <div className="flex flex-wrap gap-2">
        {accounts.map((email) => (
          <Button key={email} variant="secondary" size="sm" onClick={() => onPick(email)} dir="ltr">
            {email}
          </Button>
        ))}
      </div>
    </HintBox>
  )
}

/** Verify page in demo mode, for a demo account only: its pending code, a click fills it in. */
export function DemoCodeHint({ code, onUse }: { code: string; onUse: (code: string) => void }) {
  const { t } = useTranslation('demo')
  return (
    <HintBox label={t('hint.label')}>
      <p>
        {t('hint.code')}{' '}
        <code data-testid="demo-code" className="font-mono text-base font-semibold tracking-widest" dir="ltr">
          {code}
        </code>
      </p>
      <Button variant="secondary" size="sm" className="self-start" onClick={() => onUse(code)}>
        {t('hint.useCode')}
      </Button>
    </HintBox>
  )
}
