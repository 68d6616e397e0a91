import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Pencil, Trash2 } from 'lucide'

import { BackLink } from '@/components/ui/back-link'
import { Button, buttonVariants } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Icon } from '@/components/ui/icon'
import { PageHeader } from '@/components/ui/page-header'
import { toast } from '@/components/ui/toaster'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'

import { BookCover } from './book-cover'
import { BookDetails } from './book-details'
import type { BookPermissions } from './book-permissions'
import { bookQueries } from './book-queries'

/** /manager/books/{id}: the book, with edit and a permanent delete after confirmation. */
export function ManagerBookPage({ id, permissions }: { id: string; permissions: BookPermissions }) {
  const { t } = useTranslation('book')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: book } = useSuspenseQuery(bookQueries.detail(id))
  const remove = useMutation(
    orpc.book.delete.mutationOptions({
      meta: { errorToast: 'book:toasts.deleteFailed' },
      onSuccess: async () => {
        toast.success(t('toasts.deleted'))
        await navigate({ to: '/manager/books' })
        queryClient.removeQueries({ queryKey: orpc.book.get.queryKey({ input: { id } }) })
        await queryClient.invalidateQueries({ queryKey: orpc.book.list.key() })
      },
    }),
  )

  return (
    <div className="flex flex-col gap-6">
      <BackLink to="/manager/books">{t('detail.back')}</BackLink>
      <div className="flex flex-col gap-6 sm:flex-row">
        <BookCover book={book} displayWidth={160} eager className="w-32 shrink-0 self-start sm:w-40" />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <PageHeader
            className="items-start"
            title={book.title}
            actions={
              <>
                {permissions.update ? (
                  <Link
                    to="/manager/books/$id/update"
                    params={{ id }}
                    className={buttonVariants({ variant: 'secondary' })}
                  >
                    <Icon node={Pencil} className="size-4" />
                    {t('detail.edit')}
                  </Link>
                ) : null}
                {permissions.delete ? (
                  <ConfirmDialog
                    trigger={
                      <Button variant="destructive">
                        <Icon node={Trash2} className="size-4" />
                        {t('detail.delete')}
                      </Button>
                    }
                    title={t('detail.deleteTitle')}
                    description={t('detail.deleteDescription', { title: book.title })}
                    confirmLabel={t('detail.delete')}
                    variant="destructive"
                    // A rejection keeps the dialog open.
                    onConfirm={() => remove.mutateAsync({ id })}
                  />
                ) : null}
              </>
            }
          />
          <BookDetails book={book} withDates />
        </div>
      </div>
    </div>
  )
}
