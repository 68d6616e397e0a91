// The jobs page says when each job runs in words (issue 42), and what the e-mail queue counts:
// an e-mail goes at once, the queue only holds the ones to retry (so its "Done" is not every
// e-mail sent).
import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn } from './support/sign-in'

const WORDS = {
  en: ['Every minute', 'Every day at 03:00', 'Every Sunday at 03:30', 'Retry an e-mail not sent at once'],
  fr: [
    'Chaque minute',
    'Chaque jour à 03:00',
    'Chaque dimanche à 03:30',
    'Réessayer un e-mail non parti du premier coup',
  ],
} as const

test('schedules read as words, in the page’s language, and the e-mail queue says it holds retries', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL)
  for (const [language, words] of Object.entries(WORDS)) {
    await page.goto(`/manager/jobs?lng=${language}`)
    const queues = page.getByTestId('job-queue')
    for (const text of words) await expect(queues.getByText(text, { exact: true })).toBeVisible()
  }
})
