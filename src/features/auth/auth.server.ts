import { eq } from 'drizzle-orm'
import { z } from 'zod'

import { onboardingFormSchema } from '@/lib/auth/schemas'
import type { SessionUser } from '@/lib/auth/session'
import { publicProcedure, sessionOf, withPermission } from '@/server/api/procedure.server'
import { signInOptions } from '@/server/auth/providers.server'
import { sessionUserOf } from '@/server/auth/session-user.server'
import { user } from '@/server/db/schema'
import { welcomeEmail } from '@/server/email/mailer.server'
import { keepEmail, trySending } from '@/server/email/outbox.server'
import { sessionHandedOn } from '@/server/fast-paths/shared-render.server'

const TAGS = ['Session']

const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.string(),
  onboardedAt: z.string().nullable(),
  impersonatedBy: z.string().nullable(),
})

/**
 * The signed-in user, from the request's session cookie (null when signed
 * out). Read on every navigation by the root route's guard; shares the
 * request's one session lookup with the other procedures.
 */
const session = publicProcedure
  .route({ method: 'GET', path: '/session', summary: 'The signed-in user (null when signed out)', tags: TAGS })
  .output(sessionUserSchema.nullable())
  .handler(async ({ context }): Promise<SessionUser | null> => {
    // A book list rendered once for everyone of a role shows a stand-in; the session is read once a request
    // (src/server/fast-paths/shared-render.server.ts).
    const handedOn = sessionHandedOn(context.headers)
    if (handedOn) return handedOn
    const result = await sessionOf(context)
    return result && sessionUserOf(result)
  })

/** Onboarding: the signed-in user gives a name, which marks them onboarded. */
const onboard = withPermission({ account: ['update'] })
  .route({ method: 'POST', path: '/onboarding', summary: 'Give a name and finish onboarding', tags: TAGS })
  .input(onboardingFormSchema)
  .output(z.object({ success: z.boolean() }))
  .handler(async ({ context, input }) => {
    const { id, email } = context.user
    // The demo's shared accounts are never mailed.
    const welcome = context.demoMode
      ? undefined
      : await welcomeEmail({ userId: id, email, name: input.name, language: context.language })
    // Onboarded and welcomed together; the welcome's key is the account's, so a second onboarding sends none.
    const kept = await context.db.transaction(async (tx) => {
      await tx
        .update(user)
        .set({ name: input.name, onboardedAt: new Date(), language: context.language })
        .where(eq(user.id, id))
      return welcome && keepEmail(tx, welcome.message, welcome)
    })
    if (kept) await trySending(context.db, kept)
    return { success: true }
  })

/** The login page's variant (sign-up or login only) and its social sign-in buttons. */
const signInOptionsProcedure = publicProcedure
  .route({ method: 'GET', path: '/sign-in-options', summary: 'Sign-up allowed, social providers', tags: TAGS })
  .output(
    z.object({
      signUp: z.boolean(),
      providers: z.array(z.object({ id: z.string(), name: z.string() })),
      passkeys: z.boolean(),
    }),
  )
  .handler(({ context }) => signInOptions(context.env))

export const authRouter = { session, onboard, signInOptions: signInOptionsProcedure }
