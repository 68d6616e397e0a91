// A signed-in page sends its data once and hydrates without asking for it again (decision 046):
// the book list is in the page's dehydrated state once, the translations are not (the browser
// reads its language's from its own chunks before it hydrates), and the hydrated page fetches
// nothing of the list; texts the page did not show come from those chunks. An anonymous page
// (rendered once and kept, where a first visit lands) still carries them.
import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn, waitForHydration } from './support/sign-in'

const PAGE = '/manager/books?searchTerm=the'

test('the signed-in book list carries its list once and no translations, and hydrates without a refetch', async ({
  page,
}) => {
  const login = await (await page.request.get('/login', { headers: { accept: 'text/html' } })).text()
  expect(login, 'an anonymous page carries the translations').toContain('Your name and e-mail address.')

  await signIn(page, ADMIN_EMAIL)

  // The HTML as the server sends it.
  const html = await (await page.request.get(PAGE, { headers: { accept: 'text/html' } })).text()
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n')
  const { items } = (await (await page.request.get('/api/rest/books?searchTerm=the')).json()) as {
    items: Array<{ id: string }>
  }
  expect(items.length).toBeGreaterThan(0)
  for (const { id } of items) expect(scripts.split(id).length - 1, `book ${id} in the page's scripts`).toBe(1)
  // A text of another page (the account's profile card): in the messages, not on this page.
  expect(html).not.toContain('Your name and e-mail address.')
  expect(scripts).not.toMatch(/\bmessages:/)

  // In the browser: hydrated, and nothing of the list asked again. Not a user flow: what is checked is
  // what hydration asks for, so the test waits for it.
  const asked: string[] = []
  page.on('request', (request) => {
    if (/\/api\/(rpc|rest)\/book/.test(request.url())) asked.push(request.url())
  })
  await page.goto(PAGE)
  await waitForHydration(page, 'main form')
  await expect(page.getByRole('link', { name: 'New book' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(asked).toEqual([])

  // The translations came with the browser's chunks: a client navigation shows a text no page sent.
  await page.locator('a[href="/manager/account"]').first().click()
  await expect(page.getByText('Your name and e-mail address.')).toBeVisible()
})
