import { createFileRoute } from '@tanstack/react-router'

import { AboutPage } from '@/features/shell/about-page'
import { pageHead } from '@/features/shell/head'

export const Route = createFileRoute('/about')({
  head: pageHead('pages.about'),
  component: AboutPage,
})
