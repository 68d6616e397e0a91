import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { jobsQueries } from '@/features/jobs'
import { JobsPage } from '@/features/jobs/jobs-page'

export const Route = createFileRoute('/manager/jobs')({
  loader: ({ context }) => context.queryClient.ensureQueryData(jobsQueries.overview()),
  head: pageHead('pages.jobs'),
  component: JobsPage,
})
