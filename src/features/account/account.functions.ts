import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { z } from 'zod'
import { demoGuard } from '@/features/demo/demo-guard'

async function serverSide() {
  const [{ getAuth }, sessions] = await Promise.all([
    import('@/server/auth/auth.server'),
    import('./sessions.server'),
  ])
  return { auth: await getAuth(), headers: getRequest().headers, ...sessions }
}

/** The signed-in user's active sessions (device, times, the current one marked). */
export const listMySessions = createServerFn({ method: 'GET' }).handler(async () => {
  const { auth, headers, listOwnSessions } = await serverSide()
  const sessions = await listOwnSessions(auth, headers)
  if (!sessions) throw new Error('UNAUTHORIZED')
  return sessions
})

/** Signs one of the user's other devices out, by session id (tokens never reach the browser). */
export const revokeMySession = createServerFn({ method: 'POST' })
  .middleware([demoGuard])
  .validator(z.object({ id: z.string().min(1).max(255) }))
  .handler(async ({ data }) => {
    const { auth, headers, revokeOwnSession } = await serverSide()
    await revokeOwnSession(auth, headers, data.id)
    return { ok: true }
  })
