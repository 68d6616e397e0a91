import { useRouter } from '@tanstack/react-router'

import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { useTranslation } from '@/lib/i18n/react'

interface Email {
  id: number
  to: string
  subject: string
  html: string
  sentAt: string
}

export function DevMailboxPage({ emails }: { emails: Email[] }) {
  const { t, i18n } = useTranslation()
  const router = useRouter()
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
      <PageHeader
        title={t('devMailbox.title')}
        actions={
          <Button variant="secondary" onClick={() => router.invalidate()}>
            {t('devMailbox.refresh')}
          </Button>
        }
      />
      <p className="text-sm text-muted-foreground">{t('devMailbox.description')}</p>
      {emails.length === 0 ? <p>{t('devMailbox.empty')}</p> : null}
      <ul className="flex flex-col gap-4">
        {emails.map((email) => (
          <li key={email.id} className="rounded-lg border border-border">
            <div className="border-b border-border p-3 text-sm">
              <p className="font-medium">{email.subject}</p>
              <p className="text-muted-foreground">
                {email.to} · {new Date(email.sentAt).toLocaleString(i18n.language)}
              </p>
            </div>
            {/* The e-mail's own HTML, isolated from the page. */}
            <iframe title={email.subject} srcDoc={email.html} sandbox="" className="h-80 w-full" />
          </li>
        ))}
      </ul>
    </main>
  )
}
