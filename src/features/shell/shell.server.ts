import { z } from 'zod'

import { environmentBadge } from '@/lib/environment-badge.server'
import { isLanguage, type Language, LANGUAGES } from '@/lib/i18n/config'
import { SIDEBAR_COOKIE } from '@/lib/sidebar-state'
import { apiError } from '@/server/api/errors.server'
import { publicProcedure } from '@/server/api/procedure.server'
import { listOutbox } from '@/server/email/dev-outbox.server'
import { cookieValue } from '@/server/http/cookies.server'

const TAGS = ['Shell']

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
      language: z.enum(LANGUAGES.map((language) => language.key) as [Language, ...Language[]]),
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

/** The development mailbox: not found in production and when SMTP is set (mail really leaves). */
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
    if (context.env.isProduction || context.env.EMAIL_SERVER) throw apiError('NOT_FOUND')
    return listOutbox()
  })

export const shellRouter = { state, devMailbox }
