import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'

import { Button, buttonVariants } from '@/components/ui/button'
import { PictureField, usePictureEdit } from '@/components/ui/picture-field'
import { ScriptFieldset } from '@/components/ui/script-fieldset'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toaster'
import { useUnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard'
import { applyFieldErrors } from '@/lib/api-error'
import type { Genre } from '@/lib/genre-schema'
import { fieldMessage } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'
import { pictureImage } from '@/lib/pictures/shapes'

import { GenrePicker } from './genre-picker'
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
  const form = useForm({ resolver: zodResolver(bookFormSchema), defaultValues: defaultValues(book) })
  const cover = usePictureEdit<{ cover: string }>()
  const guard = useUnsavedChangesGuard(form.formState.isDirty || cover.changed)

  const remember = (saved: Book) => {
    // The saved book is known: lists are refreshed, the book itself is not fetched again.
    queryClient.setQueryData(orpc.book.get.queryKey({ input: { id: saved.id } }), saved)
    void queryClient.invalidateQueries({ queryKey: orpc.book.list.key() })
  }

  const save = useMutation({
    // The book, then its cover (a new book has no id before): a refused cover leaves the book saved.
    mutationFn: async (values: BookFormValues) => {
      const saved = await (book ? orpc.book.update.call({ ...values, id: book.id }) : orpc.book.create.call(values))
      try {
        const changed = await cover.save(`/api/rest/books/${saved.id}/cover`, () =>
          orpc.picture.removeCover.call({ id: saved.id }),
        )
        return changed === undefined ? saved : { ...saved, cover: changed?.cover ?? null }
      } catch (error) {
        remember(saved)
        form.reset(values)
        if (!book) await navigate({ to: '/manager/books/$id/update', params: { id: saved.id }, ignoreBlocker: true })
        throw error
      }
    },
    meta: { errorToast: book ? 'book:toasts.updateFailed' : 'book:toasts.createFailed', formFields: BOOK_FORM_FIELDS },
    onSuccess: async (saved) => {
      remember(saved)
      toast.success(t(book ? 'toasts.updated' : 'toasts.created'))
      await navigate({ to: '/manager/books/$id', params: { id: saved.id }, ignoreBlocker: true })
    },
    onError: (error) => applyFieldErrors(error, form.setError, BOOK_FORM_FIELDS),
  })

  const onSubmit = form.handleSubmit((values) => save.mutateAsync(values).catch(() => undefined))

  const message = (field: (typeof BOOK_FORM_FIELDS)[number]) => fieldMessage(t, form.formState.errors[field]?.message)

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-4">
      <ScriptFieldset>
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
        <PictureField
          kind="covers"
          current={book?.cover ? pictureImage('covers', book.id, book.cover, 64).src : null}
          {...cover.field}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t(book ? 'form.save' : 'form.create')}
          </Button>
          <Link
            className={buttonVariants({ variant: 'secondary' })}
            {...(book ? { to: '/manager/books/$id', params: { id: book.id } } : { to: '/manager/books' })}
          >
            {t('form.cancel')}
          </Link>
        </div>
      </ScriptFieldset>
      {guard.dialog}
    </form>
  )
}
