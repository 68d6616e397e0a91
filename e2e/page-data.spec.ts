// A signed-in page sends its data once and hydrates without asking for it again (decision 046):
// the book list is in the page's dehydrated state once, the translations are not (the browser
// reads its language's from its own chunks before it hydrates), and the hydrated page fetches
// nothing of the list; texts the page did not show come from those chunks. An anonymous page
// (rendered once and kept, where a first visit lands) still carries them. A signed-in page names
// its own language's chunks for the browser to preload with its modules, after the first paint.
import { BROWSER_NAMESPACES, LANGUAGES } from '../src/lib/i18n/config'
import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn, waitForHydration } from './support/sign-in'

const PAGE = '/manager/books?searchTerm=the'

/** The message chunks a page's HTML names for its after-paint loader (src/components/layout/head.ts). */
function messagePreloads(html: string): string[] {
  const script = /<script\b[^>]*\bdata-message-chunks\b[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
  return [...script.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!)
}

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

test('a signed-in page in French preloads the French message chunks, and no other language’s', async ({ page }) => {
  const login = await (await page.request.get('/login', { headers: { accept: 'text/html' } })).text()
  expect(messagePreloads(login), 'an anonymous page carries its messages: nothing to preload').toEqual([])

  await signIn(page, ADMIN_EMAIL)
  const named: Record<string, string[]> = {}
  const languages = LANGUAGES.map((language) => language.key)
  for (const language of languages) {
    const html = await (await page.request.get(`${PAGE}&lng=${language}`, { headers: { accept: 'text/html' } })).text()
    expect(html, 'no module preloaded before the first paint (paint-first.spec.ts)').not.toMatch(
      /<link[^>]*modulepreload/,
    )
    named[language] = messagePreloads(html)
    expect(named[language], `${language}'s message chunks`).not.toEqual([])
  }
  // One chunk per namespace the browser reads, named by it (English's shell is in the entry itself).
  expect(named.fr!.map((href) => /\/assets\/([a-z]+)-/.exec(href)?.[1]).sort()).toEqual([...BROWSER_NAMESPACES].sort())
  const others = languages.filter((language) => language !== 'fr').flatMap((language) => named[language]!)
  expect(
    others.filter((href) => named.fr!.includes(href)),
    'a chunk of French and of another language',
  ).toEqual([])

  // In the browser: the loader adds a preload per French chunk under the page's CSP (a refused one
  // fails the console check), the hydrated page reads its texts from them, and no other language's
  // chunk is asked for. Not a user flow: what is checked is what the page's script loads.
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  await page.goto(`${PAGE}&lng=fr`)
  await waitForHydration(page, 'main form')
  for (const href of named.fr!) await expect(page.locator(`link[rel="modulepreload"][href="${href}"]`)).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Nouveau livre' })).toBeVisible()
  expect([...new Set(asked.filter((path) => named.fr!.includes(path)))].sort()).toEqual([...named.fr!].sort())
  expect(asked.filter((path) => others.includes(path))).toEqual([])
})
