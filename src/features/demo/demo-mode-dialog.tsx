import { useQuery } from '@tanstack/react-query'
import { Check, Copy, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { getDemoInfo } from './demo.functions'
import type { DemoInfo } from './demo-info'
import { closeDemoDialog, useDemoDialogOpen, useIsFirstDemoDialog } from './demo-store'

export const DEMO_INFO_QUERY_KEY = ['demo', 'info'] as const

/**
 * The dialog a refused action opens in demo mode (spec section 1): title
 * 'Demo Mode', the read-only text, the starter's setup command (copyable)
 * and the contact address. Mount it in the root layout or in a page that
 * mutates (when several are mounted, only the first renders); open it with
 * `openDemoDialog()` or `handleDemoModeError()`.
 * `info` skips the fetch of the settings (tests, or a parent that has them).
 */
export function DemoModeDialog({ info }: { info?: Pick<DemoInfo, 'contactEmail' | 'setupCommand'> }) {
  const { t } = useTranslation('demo')
  const first = useIsFirstDemoDialog()
  const open = useDemoDialogOpen() && first
  const query = useQuery({
    queryKey: DEMO_INFO_QUERY_KEY,
    queryFn: () => getDemoInfo(),
    enabled: open && !info,
    staleTime: Infinity,
  })
  const settings = info ?? query.data

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : closeDemoDialog())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col gap-4 overflow-y-auto rounded-t-xl border border-border bg-white p-6 shadow-lg sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl dark:bg-zinc-950"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{t('dialog.title')}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" className="-mr-2 -mt-1 px-2" aria-label={t('dialog.close')}>
                <X aria-hidden className="size-4" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm">{t('dialog.description')}</Dialog.Description>
          {settings ? (
            <>
              <div className="flex flex-col gap-2">
                <p className="text-sm text-muted-foreground">{t('dialog.setup')}</p>
                <CopyableCommand command={settings.setupCommand} />
              </div>
              <p className="text-sm text-muted-foreground">
                <Trans
                  t={t}
                  i18nKey="dialog.contact"
                  values={{ email: settings.contactEmail }}
                  components={{
                    mail: (
                      <a
                        className="font-medium text-primary underline-offset-4 hover:underline"
                        href={`mailto:${settings.contactEmail}`}
                        dir="ltr"
                      />
                    ),
                  }}
                />
              </p>
            </>
          ) : null}
          <Dialog.Close asChild>
            <Button className="self-end">{t('dialog.ok')}</Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function CopyableCommand({ command }: { command: string }) {
  const { t } = useTranslation('demo')
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      setCopied(false)
    }
  }
  return (
    <div className="flex items-center gap-2 rounded-md border border-border bg-muted p-2 dark:bg-zinc-900">
      <pre className="flex-1 overflow-x-auto px-1 text-sm" dir="ltr">
        <code>{command}</code>
      </pre>
      <Button variant="ghost" size="sm" className="px-2" onClick={copy} aria-label={copied ? t('dialog.copied') : t('dialog.copy')}>
        {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      </Button>
      <span role="status" className="sr-only">
        {copied ? t('dialog.copied') : ''}
      </span>
    </div>
  )
}
