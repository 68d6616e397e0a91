import { z } from 'zod'

import { environmentBadge } from '@/lib/environment-badge.server'
import { isLanguage, type Language, LANGUAGES } from '@/lib/i18n/config'
import { SIDEBAR_COOKIE } from '@/lib/sidebar-state'
import { publicProcedure } from '@/server/api/procedure.server'
import { listDevMailbox } from '@/server/email/dev-mailbox.server'
import { apiError } from '@/server/http/api-errors.server'
import { cookieValue } from '@/server/http/cookies.server'

const TAGS = ['Shell']
const languageSchema = z.enum(LANGUAGES.map((language) => language.key) as [Language, ...Language[]])

/**
 * What every page needs before its first render: the language (the page
 * URL's `lng`, given as input, then the cookie and the browser's languages),
 * the environment badge, the help links and the manager sidebar as the user
 * left it (its cookie), so the first HTML is already right.
 */
const state = publicProcedure
  .route({
    method: 'GET',
    path: '/shell',
    summary: 'Language, environment badge, links, sidebar state, upload limit',
    tags: TAGS,
  })
  .input(z.object({ lng: z.string().max(35).optional() }))
  .output(
    z.object({
      language: languageSchema,
      environment: z
        .object({ name: z.string(), emoji: z.string().nullable(), color: z.string(), textColor: z.string() })
        .nullable(),
      links: z.object({ docs: z.string(), issues: z.string() }),
      sidebarCollapsed: z.boolean(),
      // The largest picture the server takes (MAX_UPLOAD_BYTES): a larger file is refused before it is sent.
      maxUploadBytes: z.number(),
    }),
  )
  .handler(({ context, input }) => ({
    language: isLanguage(input.lng) ? input.lng : context.language,
    environment: environmentBadge(context.env),
    links: { docs: context.env.DOCS_URL, issues: context.env.ISSUES_URL },
    sidebarCollapsed: cookieValue(context.headers.get('cookie'), SIDEBAR_COOKIE) === 'collapsed',
    maxUploadBytes: context.env.MAX_UPLOAD_BYTES,
  }))

/** The development mailbox and gallery: not found in production and when SMTP is set (mail really leaves). */
function devOnly(env: { isProduction: boolean; EMAIL_SERVER?: string }) {
  if (env.isProduction || env.EMAIL_SERVER) throw apiError('NOT_FOUND')
}

const devMailbox = publicProcedure
  .route({ method: 'GET', path: '/dev/mailbox', summary: 'Development mailbox (development only)', tags: TAGS })
  .output(
    z.array(
      z.object({
        id: z.number(),
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        html: z.string(),
        sentAt: z.string(),
      }),
    ),
  )
  .handler(({ context }) => {
    devOnly(context.env)
    return listDevMailbox()
  })

/** Every e-mail of the product in every language, with sample values (src/server/email/gallery.server.ts). */
const devGallery = publicProcedure
  .route({
    method: 'GET',
    path: '/dev/mailbox/gallery',
    summary: 'Every e-mail in every language (development only)',
    tags: TAGS,
  })
  .output(
    z.array(
      z.object({
        template: z.string(),
        language: languageSchema,
        to: z.string(),
        subject: z.string(),
        html: z.string(),
      }),
    ),
  )
  .handler(async ({ context }) => {
    devOnly(context.env)
    const { galleryEmails } = await import('@/server/email/gallery.server')
    const byLanguage = await Promise.all(
      LANGUAGES.map(async ({ key: language }) =>
        (await galleryEmails(language)).map(({ template, email: { message } }) => ({
          template,
          language,
          to: message.to,
          subject: message.subject,
          html: message.html,
        })),
      ),
    )
    return byLanguage.flat()
  })

export const shellRouter = { state, devMailbox, devGallery }
