import { useLocation } from '@tanstack/react-router'
import type { ComponentProps } from 'react'

/**
 * A form that works before its script (docs/decisions/031-forms-before-hydration.md):
 * it posts to its page's own URL, whose route answers the post on the server,
 * and once the page has hydrated `onSubmit` handles it instead (`preventDefault`).
 * Fields are checked by the script, or by the server without it (`noValidate`).
 */
export function PostForm(props: Omit<ComponentProps<'form'>, 'method' | 'action' | 'noValidate'>) {
  // The whole query, not only what the page reads: the answer keeps `?lng=` (its language) and `?redirect=`.
  const action = useLocation({ select: (location) => `${location.pathname}${location.searchStr}` })
  return <form method="post" action={action} noValidate className="flex flex-col gap-4" {...props} />
}
