// Admin actions for tests, through better-auth's admin API as the seeded admin
// (the ban action's UI belongs to the user manager).
import { type Browser, expect } from '@playwright/test'

import { ADMIN_EMAIL, signIn } from './sign-in'

/** Bans the account of `email`, signed in as the seeded admin in a browser context of its own. */
export async function banUser(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    await signIn(page, ADMIN_EMAIL)
    const headers = { origin: baseURL }
    const found = await page.request.get('/api/auth/admin/list-users', {
      params: { searchField: 'email', searchOperator: 'contains', searchValue: email },
      headers,
    })
    expect(found.status()).toBe(200)
    const { users } = (await found.json()) as { users: Array<{ id: string; email: string }> }
    const user = users.find((candidate) => candidate.email === email)
    if (!user) throw new Error(`no user ${email}`)
    const banned = await page.request.post('/api/auth/admin/ban-user', { data: { userId: user.id }, headers })
    expect(banned.status(), await banned.text()).toBe(200)
  } finally {
    await context.close()
  }
}
