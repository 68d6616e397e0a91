import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { AboutPage } from '@/features/shell/about-page'

export const Route = createFileRoute('/about')({
  head: pageHead('pages.about'),
  component: AboutPage,
})
