import { z } from '@/lib/i18n/zod'

/** The id of any record in an API input (a book, a genre, a user, a session). */
export const idSchema = z.string().min(1).max(100)

/** The input of a procedure about one record: `{ id }` (the `{id}` of its REST path). */
export const idInputSchema = z.object({ id: idSchema })

/**
 * A time in an API answer: an ISO 8601 string in UTC. The same text reaches
 * the RPC client, the REST client and a server render, and the OpenAPI
 * document describes it as `format: date-time`.
 */
export const dateTimeSchema = z.iso.datetime()

/** The answer of an action with nothing else to return (a delete, a revocation). */
export const successSchema = z.object({ success: z.boolean() })
