import { dateTimeSchema, idInputSchema } from '@/lib/api-schemas'
import { genreSchema } from '@/lib/genre-schema'
import { messageKey } from '@/lib/i18n/keys'
import { z } from '@/lib/i18n/zod'
import { listInputSchema, sortOrderSchema } from '@/lib/pagination'
import { BOOK_SORTS } from '@/lib/search-params'

/**
 * The book form, shared by the form (zodResolver) and the API (procedure
 * input). Messages are i18n keys with their namespace. An empty publisher or
 * genre means none (the API stores null).
 */
export const bookFormSchema = z.object({
  title: z.string().trim().min(1, messageKey('book:validation.titleRequired')).max(200),
  author: z.string().trim().min(1, messageKey('book:validation.authorRequired')).max(200),
  publisher: z.string().trim().max(200).nullish(),
  genreId: z.string().trim().max(100).nullish(),
})
export type BookFormValues = z.input<typeof bookFormSchema>
export type BookFormFields = keyof BookFormValues
export const BOOK_FORM_FIELDS = Object.keys(bookFormSchema.shape) as BookFormFields[]

export const bookUpdateInputSchema = bookFormSchema.extend(idInputSchema.shape)

export const bookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  publisher: z.string().nullable(),
  /** The uploaded cover's content address (src/features/pictures/shapes.ts), or null. */
  cover: z.string().nullable(),
  genre: genreSchema.nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
})
export type Book = z.infer<typeof bookSchema>

export type { BookSort } from '@/lib/search-params'

/** `book.list`'s input: the search, a sort with its direction, a genre (its id), the page. */
export const bookListInputSchema = listInputSchema.extend({
  // The columns the book list sorts by (`?sort=`): title by default.
  sort: z.enum(BOOK_SORTS).default('title'),
  order: sortOrderSchema,
  genreId: z.string().trim().max(100).optional(),
})
