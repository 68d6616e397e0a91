import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

import { Button, buttonVariants } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toaster'
import { useUnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard'
import { GenrePicker } from '@/features/genre'
import { apiErrorMessage, applyFieldErrors } from '@/lib/api-error'
import { handleDemoModeError } from '@/lib/demo/demo-store'
import type { Genre } from '@/lib/genre-schema'
import { orpc } from '@/lib/orpc'

import { type Book, BOOK_FORM_FIELDS, bookFormSchema, type BookFormValues } from './schema'

function defaultValues(book: Book | undefined): BookFormValues {
  return {
    title: book?.title ?? '',
    author: book?.author ?? '',
    publisher: book?.publisher ?? '',
    genreId: book?.genre?.id ?? null,
  }
}

/**
 * The one form for a new book and for an update (`book` given): the shared
 * schema validates it, the server's field errors land on their fields, and
 * leaving with unsaved changes asks first.
 */
export function BookForm({ book }: { book?: Book }) {
  const { t } = useTranslation('book')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [genre, setGenre] = useState<Genre | null>(book?.genre ?? null)
  const [failure, setFailure] = useState<string>()
  const form = useForm({ resolver: zodResolver(bookFormSchema), defaultValues: defaultValues(book) })
  const guard = useUnsavedChangesGuard(form.formState.isDirty)

  const texts = book
    ? { submit: t('form.save'), success: t('toasts.updated'), failed: 'book:toasts.updateFailed' }
    : { submit: t('form.create'), success: t('toasts.created'), failed: 'book:toasts.createFailed' }

  const save = useMutation({
    mutationFn: (values: BookFormValues) =>
      book ? orpc.book.update.call({ ...values, id: book.id }) : orpc.book.create.call(values),
  })

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      const saved = await save.mutateAsync(values)
      // The saved book is known: lists are refreshed, the book itself is not fetched again.
      queryClient.setQueryData(orpc.book.get.queryKey({ input: { id: saved.id } }), saved)
      void queryClient.invalidateQueries({ queryKey: orpc.book.list.key() })
      toast.success(texts.success)
      await navigate({ to: '/manager/books/$id', params: { id: saved.id }, ignoreBlocker: true })
    } catch (error) {
      if (handleDemoModeError(error)) return
      toast.error(t(texts.failed))
      if (!applyFieldErrors(error, form.setError, BOOK_FORM_FIELDS)) setFailure(apiErrorMessage(t, error, texts.failed))
    }
  })

  const message = (field: (typeof BOOK_FORM_FIELDS)[number]) => {
    const key = form.formState.errors[field]?.message
    return key ? t(key) : undefined
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-4">
      <TextField label={t('fields.title')} autoFocus error={message('title')} {...form.register('title')} />
      <TextField label={t('fields.author')} error={message('author')} {...form.register('author')} />
      <TextField label={t('fields.publisher')} error={message('publisher')} {...form.register('publisher')} />
      <Controller
        control={form.control}
        name="genreId"
        render={({ field }) => (
          <GenrePicker
            label={t('fields.genre')}
            name={field.name}
            value={genre}
            onChange={(next) => {
              setGenre(next)
              field.onChange(next?.id ?? null)
            }}
            onBlur={field.onBlur}
            error={message('genreId')}
          />
        )}
      />
      <FormAlert>{failure}</FormAlert>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {texts.submit}
        </Button>
        <Link
          className={buttonVariants({ variant: 'secondary' })}
          {...(book ? { to: '/manager/books/$id', params: { id: book.id } } : { to: '/manager/books' })}
        >
          {t('form.cancel')}
        </Link>
      </div>
      {guard.dialog}
    </form>
  )
}
