import type { SessionUser } from '@/lib/auth/session'

import type { Auth } from './auth.server'

type SessionResult = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>

/** What the browser is told of a session (the `auth.session` procedure, the pages' guards): never its token. */
export function sessionUserOf({
  user,
  session,
}: {
  user: SessionResult['user']
  session: Pick<SessionResult['session'], 'impersonatedBy'>
}): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image ?? null,
    avatar: user.avatar ?? null,
    role: user.role ?? 'user',
    onboardedAt: user.onboardedAt ? new Date(user.onboardedAt).toISOString() : null,
    impersonatedBy: session.impersonatedBy ?? null,
  }
}
