// The book lists rendered once for everyone of a role (src/server/fast-paths/shared-render.server.ts,
// decision 049): two people opening the same search are each served their own name, e-mail and
// initials, in the markup and in the page's data, the same bytes as a render of their own, and
// the page hydrates as theirs (the console check of ./support/console fails on a mismatch).
import type { APIRequestContext } from '@playwright/test'

import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn } from './support/sign-in'
import { signUpElsewhere } from './support/users'

/** A page without what differs between two answers of it: the nonce and the render's timestamps. */
function comparable(page: string) {
  const nonce = /<meta property="csp-nonce" content="([^"]+)"/.exec(page)?.[1]
  expect(nonce).toBeTruthy()
  return page.replaceAll(nonce!, 'NONCE').replace(/\b\d{13}\b/g, 'TIME')
}

async function pageOf(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const response = await request.get(path, { headers })
  expect(response.status()).toBe(200)
  // Its length said: compressed in one call, as a render is (src/server/http/compression.server.ts).
  expect(response.headers()['content-length']).toMatch(/^\d+$/)
  return response.text()
}

test('two people on the same search are each served their own page from one render', async ({ browser }) => {
  test.slow()
  const people = [{ name: `Zoë "Zed" O'Hara & Co 😀` }, { name: `Ада 'Ada' & "Lovelace" \\ /` }]
  const signedIn = await Promise.all(people.map(({ name }) => signUpElsewhere(browser, name)))
  const path = `/app/books?searchTerm=the&shared=${Date.now()}`

  for (const [i, person] of signedIn.entries()) {
    const other = signedIn[1 - i]!
    // Asked twice: the second answer comes from the render kept for the first of them.
    const shared = await pageOf(person.page.request, path)
    expect(await pageOf(person.page.request, path)).toContain(person.email)
    const fresh = await pageOf(person.page.request, path, { 'cache-control': 'no-cache' })
    expect(comparable(shared)).toBe(comparable(fresh))
    expect(shared).toContain(person.email)
    expect(shared).not.toContain(other.email)

    await person.page.goto(path)
    await person.page
      .getByRole('link', { name: /account/i })
      .first()
      .click()
    await expect(person.page.getByText(people[i]!.name, { exact: true }).first()).toBeVisible()
  }
  await Promise.all(signedIn.map(({ context }) => context.close()))
})

test("an administrator's book list, served from the render kept for the role, is the bytes of their own render", async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL)
  const path = `/manager/books?searchTerm=the&shared=${Date.now()}`
  await pageOf(page.request, path)
  const shared = await pageOf(page.request, path)
  expect(comparable(shared)).toBe(comparable(await pageOf(page.request, path, { 'cache-control': 'no-cache' })))
  expect(shared).toContain(ADMIN_EMAIL)
})
