// The sign-in e-mail as a person receives it: subject and bodies read from the SMTP catcher.
import { OTP_EXPIRES_MINUTES } from '../src/lib/auth/otp'
import ar from '../src/locales/ar/auth.json' with { type: 'json' }
import { expect, test } from './support/console'
import { listMessages, readLoginCode } from './support/mailbox'
import { requestCode, submitCode, uniqueEmail } from './support/sign-in'

test('says who sends it, why it arrived, the code, how long it is valid, and links back to the verify page', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('mail')
  const after = await requestCode(page, email)
  const code = await readLoginCode(email, { after })
  const [mail] = await listMessages(email)

  expect(mail!.subject).toBe(`Your Start Books sign-in code: ${code}`)
  const link = `${baseURL}/login/verify?email=${encodeURIComponent(email)}`
  expect(mail!.text).toContain(code)
  expect(mail!.text).toContain(link)
  expect(mail!.text).toContain(`The code is valid for ${OTP_EXPIRES_MINUTES} minutes.`)
  expect(mail!.text).toContain(
    `You are receiving this e-mail because someone asked to sign in to Start Books with ${email}.`,
  )
  expect(mail!.html).toMatch(/<html[^>]*\bdir="ltr"/)
  expect(mail!.html).toMatch(/<html[^>]*\blang="en"/)
  expect(mail!.html).toContain(`href="${link}"`)

  // The link leads back to where the code is typed, and it signs in.
  await page.goto(link)
  await submitCode(page, code)
  await expect(page).toHaveURL(/\/onboarding/)
})

test('comes in the language of the person who asked for it, right to left in Arabic', async ({ page }) => {
  const email = uniqueEmail('mail-ar')
  await page.goto('/login?lng=ar', { waitUntil: 'commit' })
  await page.getByLabel(ar.fields.email).fill(email)
  const after = new Date()
  await page.getByRole('button', { name: ar.login.submit }).click()
  const code = await readLoginCode(email, { after })
  const [mail] = await listMessages(email)

  expect(mail!.subject).toBe(`رمز تسجيل الدخول إلى Start Books: ${code}`)
  expect(mail!.html).toMatch(/<html[^>]*\bdir="rtl"/)
  expect(mail!.html).toMatch(/<html[^>]*\blang="ar"/)
  expect(mail!.text).toContain('تصلك هذه الرسالة لأن أحدهم طلب تسجيل الدخول إلى Start Books')
  expect(mail!.text).toContain(`الرمز صالح لمدة ${OTP_EXPIRES_MINUTES} دقائق.`)
})
