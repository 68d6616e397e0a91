import { Link } from '@tanstack/react-router'

import { Brand } from '@/components/layout/brand'
import { MAIN_ID } from '@/components/layout/layout-context'
import { BackLink } from '@/components/ui/back-link'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { PageHeader } from '@/components/ui/page-header'
import { setupCommand } from '@/lib/demo/demo-info'
import { useTranslation } from '@/lib/i18n/react'

/**
 * /about: what the starter is, how to run it, its API documentation and
 * where to report a problem. The welcome page's documentation and issues
 * links lead here when no repository or URL is configured, so they never 404.
 */
export function AboutPage() {
  const { t } = useTranslation('shell')
  return (
    <main
      id={MAIN_ID}
      tabIndex={-1}
      className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-8 px-4 py-8 outline-none"
    >
      <header className="flex flex-col gap-4">
        <BackLink to="/app">{t('about.back')}</BackLink>
        <Brand />
        <PageHeader title={t('about.title')} />
        <p className="text-muted-foreground">{t('about.intro')}</p>
      </header>
      <section aria-labelledby="about-run" className="flex flex-col gap-2">
        <h2 id="about-run" className="text-lg font-semibold">
          {t('about.runTitle')}
        </h2>
        <p>{t('about.runText')}</p>
        <pre dir="ltr" className="overflow-x-auto rounded-md border border-border bg-panel p-3 text-sm">
          <code>{setupCommand(undefined)}</code>
        </pre>
        <p className="text-sm text-muted-foreground">{t('about.runNote')}</p>
      </section>
      <section aria-labelledby="about-api" className="flex flex-col gap-2">
        <h2 id="about-api" className="text-lg font-semibold">
          {t('about.apiTitle')}
        </h2>
        <p>{t('about.apiText')}</p>
        <a href="/api/docs" className={cn(buttonVariants({ variant: 'secondary' }), 'w-fit')}>
          {t('nav.apiDocumentation')}
        </a>
      </section>
      <section id="issues" aria-labelledby="about-issues" className="flex scroll-mt-6 flex-col gap-2">
        <h2 id="about-issues" className="text-lg font-semibold">
          {t('about.issuesTitle')}
        </h2>
        <p>{t('about.issuesText')}</p>
      </section>
      <Link to="/app" className={cn(buttonVariants(), 'w-fit')}>
        {t('about.open')}
      </Link>
    </main>
  )
}
