import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { type Language, LANGUAGES } from '@/lib/i18n/config'
import { useTranslation } from '@/lib/i18n/react'

interface Email {
  id: number
  to: string
  subject: string
  html: string
  sentAt: string
}

interface Sample {
  template: string
  language: Language
  to: string
  subject: string
  html: string
}

/**
 * An e-mail's own HTML, isolated from the page (no script runs in it: the
 * sandbox allows only reading it, to size the frame), as tall as its content.
 */
function MailFrame({ title, html }: { title: string; html: string }) {
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const fit = () => {
      const root = element.contentDocument?.documentElement
      if (root) element.style.height = `${Math.ceil(root.getBoundingClientRect().height)}px`
    }
    // Loaded before the page was interactive (server-rendered), or later: either way, measured.
    fit()
    element.addEventListener('load', fit)
    // A narrower frame wraps the text onto more lines.
    const resized = new ResizeObserver(fit)
    resized.observe(element)
    return () => {
      element.removeEventListener('load', fit)
      resized.disconnect()
    }
  }, [html])
  return (
    <iframe
      ref={frame}
      title={title}
      srcDoc={html}
      sandbox="allow-same-origin"
      className="block h-80 w-full rounded-b-lg"
    />
  )
}

function MailCard({ subject, lines, html }: { subject: string; lines: string[]; html: string }) {
  return (
    <li className="rounded-lg border border-border">
      <div className="border-b border-border p-3 text-sm">
        <p className="font-medium">{subject}</p>
        {lines.map((line) => (
          <p key={line} className="text-muted-foreground">
            {line}
          </p>
        ))}
      </div>
      <MailFrame title={subject} html={html} />
    </li>
  )
}

export function DevMailboxPage({ emails, gallery }: { emails: Email[]; gallery: Sample[] }) {
  const { t, i18n } = useTranslation()
  const router = useRouter()
  const templates = [...new Set(gallery.map((sample) => sample.template))]
  const languageLabel = (key: Language) => LANGUAGES.find((language) => language.key === key)?.label ?? key
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 p-6">
      <PageHeader
        title={t('devMailbox.title')}
        actions={
          <Button variant="secondary" onClick={() => router.invalidate()}>
            {t('devMailbox.refresh')}
          </Button>
        }
      />
      <p className="text-sm text-muted-foreground">{t('devMailbox.description')}</p>
      <section aria-labelledby="dev-mailbox-sent" className="flex flex-col gap-4">
        <h2 id="dev-mailbox-sent" className="text-lg font-semibold">
          {t('devMailbox.sent')}
        </h2>
        {emails.length === 0 ? <p>{t('devMailbox.empty')}</p> : null}
        <ul className="grid gap-4 lg:grid-cols-2">
          {emails.map((email) => (
            <MailCard
              key={email.id}
              subject={email.subject}
              lines={[`${email.to} · ${new Date(email.sentAt).toLocaleString(i18n.language)}`]}
              html={email.html}
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby="dev-mailbox-gallery" className="flex flex-col gap-4">
        <h2 id="dev-mailbox-gallery" className="text-lg font-semibold">
          {t('devMailbox.gallery')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('devMailbox.galleryDescription')}</p>
        {templates.map((template) => (
          <section key={template} aria-labelledby={`dev-mailbox-${template}`} className="flex flex-col gap-2">
            <h3 id={`dev-mailbox-${template}`} className="font-medium">
              {t(`devMailbox.templates.${template}` as 'devMailbox.templates.welcome')}
            </h3>
            <ul className="grid gap-4 lg:grid-cols-2">
              {gallery
                .filter((sample) => sample.template === template)
                .map((sample) => (
                  <MailCard
                    key={sample.language}
                    subject={sample.subject}
                    lines={[`${languageLabel(sample.language)} · ${sample.to}`]}
                    html={sample.html}
                  />
                ))}
            </ul>
          </section>
        ))}
      </section>
    </main>
  )
}
