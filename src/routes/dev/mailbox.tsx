import { createFileRoute, notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { DevMailboxPage } from '@/features/shell/dev-mailbox-page'
import { pageHead } from '@/features/shell/head'

/** The development mailbox: off (404) in production and when SMTP is set. */
const listDevMailbox = createServerFn({ method: 'GET' }).handler(async () => {
  const { env } = await import('@/lib/env.server')
  const config = env()
  if (config.isProduction || config.EMAIL_SERVER) throw notFound()
  const { listOutbox } = await import('@/server/email/dev-outbox.server')
  return listOutbox()
})

export const Route = createFileRoute('/dev/mailbox')({
  loader: () => listDevMailbox(),
  head: pageHead('common:devMailbox.title'),
  component: function DevMailboxRoute() {
    return <DevMailboxPage emails={Route.useLoaderData()} />
  },
})
