import type { ComponentProps } from 'react'

/**
 * A form that works before its script (docs/decisions/031-forms-before-hydration.md):
 * it posts to `action`, a page whose route answers the post on the server, and
 * once the page has hydrated `onSubmit` handles it instead (`preventDefault`).
 * Fields are checked by the script, or by the server without it (`noValidate`).
 */
export function PostForm({
  action,
  ...props
}: Omit<ComponentProps<'form'>, 'method' | 'noValidate'> & { action: string }) {
  return <form method="post" action={action} noValidate className="flex flex-col gap-4" {...props} />
}
