import { Link, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { Button, buttonVariants } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n/react'

import { useLayout } from './layout-context'

/**
 * The page of an HTTP-like status (403, 404, 500…) or an error, with go back
 * and go home. Inside an area layout it is a section of the layout's <main>
 * and "home" is the area's; on its own it is a whole page.
 */
export function StatusPage({
  code,
  title,
  description,
  actions,
  children,
}: {
  code?: string
  title: string
  description?: string
  /** Buttons before go back and go home. */
  actions?: ReactNode
  children?: ReactNode
}) {
  const { t } = useTranslation('shell')
  const router = useRouter()
  const layout = useLayout()
  const content = (
    <>
      {code ? <p className="text-5xl font-bold text-muted-foreground">{code}</p> : null}
      <h1 className="text-xl font-semibold">{title}</h1>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
      {children}
      <div className="flex flex-wrap justify-center gap-2">
        {actions}
        <Button variant="secondary" onClick={() => router.history.back()}>
          {t('errors.goBack')}
        </Button>
        <Link to={layout?.home ?? '/'} className={buttonVariants()}>
          {t('errors.goHome')}
        </Link>
      </div>
    </>
  )
  const frame = 'mx-auto flex w-full max-w-md flex-col items-center justify-center gap-4 text-center'
  return layout ? (
    <section className={`${frame} py-12`}>{content}</section>
  ) : (
    <main className={`${frame} min-h-dvh p-6`}>{content}</main>
  )
}

export type ErrorType = '403' | '404' | '500' | '503' | 'unknown'

/** The error pages (docs/product.md#screens): 403, 404, 500 and unknown. */
export function ErrorStatusPage({ type }: { type: ErrorType }) {
  const { t } = useTranslation('shell')
  return (
    <StatusPage
      code={type === 'unknown' ? undefined : type}
      title={t(`errors.${type}.title`)}
      description={t(`errors.${type}.description`)}
    />
  )
}
