import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Loader2Icon } from 'lucide-react'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

import { Button, buttonVariants } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toaster'
import { useUnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard'
import { ROLES } from '@/features/auth/permissions'
import { applyFieldErrors } from '@/lib/api-error'
import { fieldMessage } from '@/lib/i18n/keys'
import { api, orpc } from '@/lib/orpc'

import { type UserDetail, userFormSchema, type UserFormValues } from './schema'

const FIELDS = ['name', 'email', 'role'] as const

/**
 * The one form of /manager/users/new and /manager/users/{id}/update: name,
 * e-mail and role (not one's own role). Server refusals land on their field
 * ('Email already used'); any other failure is a toast.
 */
export function UserForm({ user, isSelf = false }: { user?: UserDetail; isSelf?: boolean }) {
  const { t } = useTranslation(['user', 'auth'])
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const roleId = useId()
  const form = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: user
      ? { name: user.name, email: user.email, role: user.role }
      : { name: '', email: '', role: 'user' },
  })

  const save = useMutation({
    mutationFn: (values: UserFormValues) =>
      user ? api.user.update({ id: user.id, ...values }) : api.user.create(values),
    meta: { errorToast: user ? 'user:toasts.updateFailed' : 'user:toasts.createFailed', formFields: FIELDS },
    onSuccess: async (saved) => {
      toast.success(t(user ? 'toasts.updated' : 'toasts.created'))
      await queryClient.invalidateQueries({ queryKey: orpc.user.key() })
      await navigate({ to: '/manager/users/$id', params: { id: saved.id }, ignoreBlocker: true })
    },
    onError: (error) => applyFieldErrors(error, form.setError, FIELDS),
  })

  const guard = useUnsavedChangesGuard(form.formState.isDirty)

  const error = (field: (typeof FIELDS)[number]) => fieldMessage(t, form.formState.errors[field]?.message)
  const roleError = error('role')

  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      noValidate
      className="flex max-w-lg flex-col gap-4"
    >
      <TextField label={t('fields.name')} autoComplete="off" error={error('name')} {...form.register('name')} />
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="off"
        error={error('email')}
        {...form.register('email')}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={roleId} className="text-sm font-medium">
          {t('fields.role')}
        </label>
        <select
          id={roleId}
          aria-invalid={roleError ? true : undefined}
          aria-describedby={isSelf || roleError ? `${roleId}-hint` : undefined}
          className="h-10 rounded-md border border-border bg-white px-3 text-base disabled:opacity-60 aria-invalid:border-danger dark:bg-zinc-900"
          // One's own role is shown, never sent as a change (the server refuses it anyway).
          {...(isSelf ? { disabled: true, defaultValue: user?.role } : form.register('role'))}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
        {isSelf || roleError ? (
          <p
            id={`${roleId}-hint`}
            role={roleError ? 'alert' : undefined}
            className={roleError ? 'text-sm text-danger' : 'text-sm text-muted-foreground'}
          >
            {roleError ?? t('fields.ownRoleHint')}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? <Loader2Icon aria-hidden className="size-4 animate-spin" /> : null}
          {t(user ? 'form.save' : 'form.create')}
        </Button>
        <Link
          to={user ? '/manager/users/$id' : '/manager/users'}
          params={user ? { id: user.id } : undefined}
          className={buttonVariants({ variant: 'secondary' })}
        >
          {t('form.cancel')}
        </Link>
      </div>
      {guard.dialog}
    </form>
  )
}
