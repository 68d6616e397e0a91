import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { z } from 'zod'
import { demoGuard } from '@/features/demo/demo-guard'
import type { SessionUser } from './session'
import { nameSchema } from './schemas'

async function currentUser(): Promise<SessionUser | null> {
  const { getAuth } = await import('@/server/auth/auth.server')
  const auth = await getAuth()
  const result = await auth.api.getSession({ headers: getRequest().headers })
  if (!result) return null
  const { user, session } = result
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image ?? null,
    role: user.role ?? 'user',
    onboardedAt: user.onboardedAt ? new Date(user.onboardedAt).toISOString() : null,
    impersonatedBy: session.impersonatedBy ?? null,
  }
}

/** The signed-in user, read on the server from the request's cookie. */
export const getSessionUser = createServerFn({ method: 'GET' }).handler(() => currentUser())

/** Onboarding: the user gives a name, which marks them onboarded. */
export const submitOnboarding = createServerFn({ method: 'POST' })
  .middleware([demoGuard])
  .validator(z.object({ name: nameSchema }))
  .handler(async ({ data }) => {
    const user = await currentUser()
    if (!user) throw new Error('UNAUTHORIZED')
    const { getDb } = await import('@/server/db/index.server')
    const { user: userTable } = await import('@/server/db/schema')
    const { eq } = await import('drizzle-orm')
    const db = await getDb()
    await db
      .update(userTable)
      .set({ name: data.name, onboardedAt: new Date() })
      .where(eq(userTable.id, user.id))
    return { ok: true }
  })

/** The login page's variant (sign-up or login only) and its social sign-in buttons. */
export const getSignInOptions = createServerFn({ method: 'GET' }).handler(async () => {
  const [{ env }, { signInOptions }] = await Promise.all([
    import('@/lib/env.server'),
    import('@/server/auth/providers.server'),
  ])
  return signInOptions(env())
})
