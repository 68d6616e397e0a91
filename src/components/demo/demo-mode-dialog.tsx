import { useQuery } from '@tanstack/react-query'
import { Check, Copy } from 'lucide'
import { type ReactNode, useState } from 'react'

import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Icon } from '@/components/ui/icon'
import { type QueryState, queryState } from '@/components/ui/query-state'
import {
  ResponsiveDialog,
  ResponsiveDialogBody,
  ResponsiveDialogClose,
  ResponsiveDialogContent,
  ResponsiveDialogDescription,
  ResponsiveDialogFooter,
  ResponsiveDialogHeader,
  ResponsiveDialogTitle,
} from '@/components/ui/responsive-dialog'
import type { DemoInfo } from '@/lib/demo/demo-info'
import { closeDemoDialog, useDemoDialogOpen } from '@/lib/demo/demo-store'
import { Trans, useTranslation } from '@/lib/i18n/react'

import { demoQueries } from './demo-queries'
/**
 * The dialog a refused action opens in demo mode (docs/product.md#product): title
 * 'Demo Mode', the read-only text, the starter's setup command (copyable)
 * and the contact address; a bottom drawer on small screens, like every
 * dialog. Mounted once, in the root; open it with `openDemoDialog()` or
 * `handleDemoModeError()`.
 * `info` skips the fetch of the settings (tests, or a parent that has them).
 */
export function DemoModeDialog({ info }: { info?: Pick<DemoInfo, 'contactEmail' | 'setupCommand' | 'repositoryUrl'> }) {
  const { t } = useTranslation('demo')
  const open = useDemoDialogOpen()
  const query = useQuery({ ...demoQueries.info(), enabled: open && !info })
  const settings = info ?? query.data
  const content: Record<QueryState, () => ReactNode> = {
    pending: () => null,
    error: () => (
      <ResponsiveDialogBody>
        <ErrorState onRetry={() => query.refetch()} />
      </ResponsiveDialogBody>
    ),
    default: () =>
      settings ? (
        <ResponsiveDialogBody className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <p className="text-sm text-muted-foreground">
              {t(settings.repositoryUrl ? 'dialog.setup' : 'dialog.setupInCheckout')}
            </p>
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
                    // dir isolates it (its own direction); nowrap: never cut across two lines.
                    className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
                    href={`mailto:${settings.contactEmail}`}
                    dir="ltr"
                  />
                ),
              }}
            />
          </p>
        </ResponsiveDialogBody>
      ) : null,
  }

  return (
    <ResponsiveDialog open={open} onOpenChange={(next) => (next ? undefined : closeDemoDialog())}>
      <ResponsiveDialogContent>
        <ResponsiveDialogHeader>
          <ResponsiveDialogTitle>{t('dialog.title')}</ResponsiveDialogTitle>
          <ResponsiveDialogDescription className="text-foreground">
            {t('dialog.description')}
          </ResponsiveDialogDescription>
        </ResponsiveDialogHeader>
        {content[info ? 'default' : queryState(query)]()}
        <ResponsiveDialogFooter>
          <ResponsiveDialogClose asChild>
            <Button>{t('dialog.ok')}</Button>
          </ResponsiveDialogClose>
        </ResponsiveDialogFooter>
      </ResponsiveDialogContent>
    </ResponsiveDialog>
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
    <div className="flex items-center gap-2 rounded-md border border-border bg-panel p-2">
      {/* Wrapped rather than scrolled (between words, inside one only when it is wider than the box): the whole command is seen at any width, in either direction. */}
      <pre className="min-w-0 flex-1 px-1 text-start text-sm wrap-anywhere whitespace-pre-wrap" dir="ltr">
        <code>{command}</code>
      </pre>
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        onClick={copy}
        aria-label={copied ? t('dialog.copied') : t('dialog.copy')}
      >
        {copied ? <Icon node={Check} className="size-4" /> : <Icon node={Copy} className="size-4" />}
      </Button>
      <span role="status" className="sr-only">
        {copied ? t('dialog.copied') : ''}
      </span>
    </div>
  )
}
