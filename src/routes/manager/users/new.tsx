import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { UserFormPage } from '@/features/user/user-form-page'

export const Route = createFileRoute('/manager/users/new')({
  head: pageHead('user:pages.new'),
  component: () => <UserFormPage />,
})
