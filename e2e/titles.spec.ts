// A tab names what its page is about (issue 42): five users or books open in five tabs are told
// apart by their titles, in every language.
import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn } from './support/sign-in'

const EDIT = { en: 'Edit', fr: 'Modifier', ar: 'تعديل', sw: 'Hariri' } as const

test('a user’s pages and a book’s pages name them in the tab, in all four languages', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  await page.goto('/manager/users?searchTerm=amina')
  const userLink = page.getByRole('table').locator('tbody').getByRole('link').first()
  const userName = (await userLink.textContent())!.trim()
  await userLink.click()
  await expect(page).toHaveURL(/\/manager\/users\/[^/]+$/)
  const userPage = new URL(page.url()).pathname

  await page.goto('/manager/books')
  const bookLink = page.getByRole('table', { name: 'Books' }).locator('tbody').getByRole('link').first()
  const bookTitle = (await bookLink.textContent())!.trim()
  await bookLink.click()
  await expect(page).toHaveURL(/\/manager\/books\/[^/]+$/)
  const bookPage = new URL(page.url()).pathname

  for (const [language, edit] of Object.entries(EDIT)) {
    await page.goto(`${userPage}?lng=${language}`)
    await expect(page).toHaveTitle(`${userName} · Start Books`)
    await page.goto(`${userPage}/update?lng=${language}`)
    await expect(page).toHaveTitle(`${edit} ${userName} · Start Books`)
    await page.goto(`${bookPage}?lng=${language}`)
    await expect(page).toHaveTitle(`${bookTitle} · Start Books`)
    await page.goto(`${bookPage}/update?lng=${language}`)
    await expect(page).toHaveTitle(`${edit} ${bookTitle} · Start Books`)
  }
})
