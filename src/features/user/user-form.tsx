import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'

import { Button, buttonVariants } from '@/components/ui/button'
import { ScriptFieldset } from '@/components/ui/script-fieldset'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toaster'
import { useUnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard'
import { applyFieldErrors } from '@/lib/api-error'
import { ROLES } from '@/lib/auth/permissions'
import { fieldMessage } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'

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
  const form = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: user
      ? { name: user.name, email: user.email, role: user.role }
      : { name: '', email: '', role: 'user' },
  })

  const save = useMutation({
    mutationFn: (values: UserFormValues) =>
      user ? orpc.user.update.call({ ...values, id: user.id }) : orpc.user.create.call(values),
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

  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      noValidate
      className="flex max-w-lg flex-col gap-4"
    >
      <ScriptFieldset>
        <TextField label={t('fields.name')} autoComplete="off" error={error('name')} {...form.register('name')} />
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="off"
          error={error('email')}
          {...form.register('email')}
        />
        <Select
          label={t('fields.role')}
          options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          description={isSelf ? t('fields.ownRoleHint') : undefined}
          error={error('role')}
          // One's own role is shown, never sent as a change (the server refuses it anyway).
          {...(isSelf ? { disabled: true, defaultValue: user?.role } : form.register('role'))}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending}>
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
      </ScriptFieldset>
      {guard.dialog}
    </form>
  )
}
