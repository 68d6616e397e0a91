import { createFileRoute, notFound } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { DevMailboxPage } from '@/features/shell/dev-mailbox-page'
import { apiErrorStatus } from '@/lib/api-status'
import { api } from '@/lib/orpc'

/** The development mailbox: off (404) in production and when SMTP is set. */
export const Route = createFileRoute('/dev/mailbox')({
  loader: async () => {
    try {
      const [emails, gallery] = await Promise.all([api.shell.devMailbox(), api.shell.devGallery()])
      return { emails, gallery }
    } catch (error) {
      if (apiErrorStatus(error) === 404) throw notFound()
      throw error
    }
  },
  head: pageHead('common:devMailbox.title'),
  component: function DevMailboxRoute() {
    return <DevMailboxPage {...Route.useLoaderData()} />
  },
})
