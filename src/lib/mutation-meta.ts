import type { TranslationKey } from '@/lib/i18n/keys'

/**
 * What a mutation tells the one place that reports failures
 * (`MutationFeedback`, src/components/layout/mutation-report.ts). A
 * procedure's mutation is `useMutation(orpc.x.y.mutationOptions({ meta,
 * onSuccess }))`; only a form that creates or updates (its call chosen by
 * the form, `orpc.x.create.call` or `orpc.x.update.call`) and the auth
 * client's calls (`authCall`) write a `mutationFn`. Its success toast is its
 * own; its failure is reported there, never by hand — a demo-mode refusal
 * opens the demo dialog, anything else is a toast.
 */
export interface MutationMeta extends Record<string, unknown> {
  /**
   * The action's failure ('book:toasts.deleteFailed'): the toast when the
   * server's answer says nothing more specific. Without it, the answer's
   * own message (or 'Something went wrong').
   */
  errorToast?: TranslationKey
  /**
   * A form that puts the server's messages for these fields on the fields
   * itself (`applyFieldErrors` in its `onError`): the toast then says only
   * what failed (`errorToast`), the field says why.
   */
  formFields?: readonly string[]
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta
  }
}
