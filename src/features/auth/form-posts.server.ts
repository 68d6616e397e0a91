import { call } from '@orpc/server'

import { apiErrorMessage } from '@/lib/api-error'
import { authErrorMessage, SIGNUP_DISABLED_CODE } from '@/lib/auth/auth-errors'
import { verifyFormSchema } from '@/lib/auth/schemas'
import { emailOrEmpty } from '@/lib/search-params'
import { requestContext } from '@/server/api/context.server'
import { askAuthService, type AuthServiceAnswer } from '@/server/auth/service.server'
import { type FormPost, readForm, renderWith, seeOther, visitorT } from '@/server/forms/form-post.server'

import { authRouter } from './auth.server'
import { checkEmail } from './email-check'
import { homeOf, safeRedirect, verifyHref } from './redirect'

/**
 * The sign-in pages' forms as the server answers them when they are posted
 * without their script (docs/decisions/031-forms-before-hydration.md): the
 * same checks, the same calls of the auth service and the same next page as
 * the scripted forms (login-page.tsx, verify-page.tsx, onboarding-page.tsx).
 */

/** A body that is no form at all (a forged post): the page again, with the generic message. */
async function unreadable({ request, next }: FormPost) {
  return renderWith(next, { status: 400, message: (await visitorT(request))('ui:api.invalidInput') })
}

/** The page to go on to, `?redirect=` of the page the form posts to (its own URL: PostForm). */
const pageAskedFor = (request: Request) => new URL(request.url).searchParams.get('redirect') || undefined

/** The auth service asked on the visitor's behalf: their cookies, origin and address. */
const askForVisitor = async (request: Request, path: `/${string}`, body: unknown) =>
  askAuthService(await requestContext(request.headers), path, body)

/** The auth service's refusal, as the scripted form shows it. */
async function refused(request: Request, answer: Extract<AuthServiceAnswer, { ok: false }>) {
  return { status: answer.error.status, message: authErrorMessage(await visitorT(request), answer.error) }
}

/** POST /login: a code to the address typed, then the verify page. */
export async function postLogin(post: FormPost) {
  const { request, next } = post
  const form = await readForm(request)
  if (!form) return unreadable(post)
  const typed = form.email ?? ''
  const { email, error } = checkEmail(typed)
  if (error) return renderWith(next, { status: 400, values: { email: typed }, fields: { email: error } })
  const sent = await askForVisitor(request, '/email-otp/send-verification-otp', { email, type: 'sign-in' })
  if (sent.ok) return seeOther(verifyHref(email, pageAskedFor(request)))
  if (sent.error.code === SIGNUP_DISABLED_CODE) return seeOther('/login/error?error=signup_disabled')
  return renderWith(next, { values: { email }, ...(await refused(request, sent)) })
}

/** POST /login/verify: signs in with the code (then the page asked for, or the role's home), or sends a new one. */
export async function postVerify(post: FormPost) {
  const { request, next } = post
  const form = await readForm(request)
  // The address is the verify page's own search param (its form posts to its URL).
  const email = emailOrEmpty(new URL(request.url).searchParams.get('email'))
  if (!form || !email) return unreadable(post)
  if (form.intent === 'resend') {
    const sent = await askForVisitor(request, '/email-otp/send-verification-otp', { email, type: 'sign-in' })
    return renderWith(next, sent.ok ? { status: 200, notice: 'resent' } : await refused(request, sent))
  }
  const parsed = verifyFormSchema.safeParse({ code: form.code ?? '' })
  if (!parsed.success) {
    return renderWith(next, { status: 400, fields: { code: parsed.error.issues[0]?.message ?? '' } })
  }
  const signedIn = await askForVisitor(request, '/sign-in/email-otp', { email, otp: parsed.data.code })
  if (!signedIn.ok) return renderWith(next, await refused(request, signedIn))
  const role = (signedIn.data as { user?: { role?: string } } | null)?.user?.role
  // The target's guards send a new user to onboarding first.
  return seeOther(safeRedirect(pageAskedFor(request)) ?? homeOf(role), signedIn.setCookies)
}

/** POST /onboarding: the name, then the page asked for or the role's home. */
export async function postOnboarding(post: FormPost) {
  const { request, next } = post
  const form = await readForm(request)
  if (!form) return unreadable(post)
  const name = form.name ?? ''
  const context = await requestContext(request.headers)
  try {
    await call(authRouter.onboard, { name }, { context })
  } catch (error) {
    const status = (error as { status?: number }).status ?? 500
    const field = (error as { data?: { fields?: Record<string, string> } }).data?.fields?.name
    if (field) return renderWith(next, { status, values: { name }, fields: { name: field } })
    const message = apiErrorMessage(await visitorT(request), error, 'auth:onboarding.failed')
    return renderWith(next, { status, values: { name }, message })
  }
  const user = await call(authRouter.session, undefined, { context })
  return seeOther(safeRedirect(pageAskedFor(request)) ?? homeOf(user?.role))
}

/** POST /logout: signs out, then the login page. */
export async function postLogout(post: FormPost) {
  const { request, next } = post
  const signedOut = await askForVisitor(request, '/sign-out', {})
  if (signedOut.ok) return seeOther('/login', signedOut.setCookies)
  return renderWith(next, {
    status: signedOut.error.status,
    message: (await visitorT(request))('common:errors.signOutFailed'),
  })
}
