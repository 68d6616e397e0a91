import { useLoaderData } from '@tanstack/react-router'
import { BookText, Bug, ExternalLink } from 'lucide'

import { AppSwitch } from '@/components/layout/app-switch'
import { Icon } from '@/components/ui/icon'
import { PageHeader } from '@/components/ui/page-header'
import type { SessionUser } from '@/lib/auth/session'
import { useTranslation } from '@/lib/i18n/react'

/** The /app home: welcomes the user, links to both areas, the documentation and open issues. */
export function WelcomePage({ user }: { user: SessionUser }) {
  const { t } = useTranslation('shell')
  const { links } = useLoaderData({ from: '__root__' })
  const resources = [
    {
      key: 'docs',
      href: links.docs,
      icon: BookText,
      title: t('welcome.docs'),
      description: t('welcome.docsDescription'),
    },
    {
      key: 'issues',
      href: links.issues,
      icon: Bug,
      title: t('welcome.issues'),
      description: t('welcome.issuesDescription'),
    },
  ]
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('welcome.title', { name: user.name })}
        description={t('welcome.signedInAs', { email: user.email })}
      />
      <section aria-labelledby="welcome-areas" className="flex flex-col gap-3">
        <h2 id="welcome-areas" className="text-lg font-semibold">
          {t('welcome.areas')}
        </h2>
        <AppSwitch current="app" role={user.role} />
      </section>
      <section aria-labelledby="welcome-resources" className="flex flex-col gap-3">
        <h2 id="welcome-resources" className="text-lg font-semibold">
          {t('welcome.resources')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {resources.map(({ key, href, icon, title, description }) => {
            // The app's own page (no repository configured) opens in place; an outside one in a new tab.
            const external = !href.startsWith('/')
            return (
              <li key={key}>
                <a
                  href={href}
                  {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  className="flex items-start gap-3 rounded-lg border border-border p-4 hover:border-primary hover:bg-panel"
                >
                  <Icon node={icon} className="mt-0.5 size-5 shrink-0" />
                  <span className="flex flex-1 flex-col">
                    <span className="flex items-center gap-1 font-medium">
                      {title}
                      {external ? (
                        <>
                          <Icon node={ExternalLink} className="size-3.5" />
                          <span className="sr-only">{t('opensInNewTab')}</span>
                        </>
                      ) : null}
                    </span>
                    <span className="text-sm text-muted-foreground">{description}</span>
                  </span>
                </a>
              </li>
            )
          })}
        </ul>
      </section>
    </div>
  )
}
