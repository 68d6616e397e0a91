import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'

import { pngBomb } from '../src/test/pictures'
import { expect, expectConsoleMessage, test } from './support/console'
import { appEnv } from './support/doors/app-env'
import { ADMIN_EMAIL, signIn, USER_EMAIL } from './support/sign-in'

test.use({ viewport: { width: 1280, height: 800 } })

/** The folder the app under test keeps its pictures in (e2e/support/doors/app-env.ts). */
const UPLOADS = appEnv(process.env.MAIL_CATCHER_SMTP_PORT!).UPLOADS_DIR!

const filesOf = (kind: 'covers' | 'avatars', owner: string) => {
  const folder = path.join(UPLOADS, kind, owner)
  return existsSync(folder) ? readdirSync(folder).sort() : []
}

const picture = (format: 'png' | 'jpeg', red: number) =>
  sharp({ create: { width: 600, height: 900, channels: 3, background: { r: red, g: 90, b: 30 } } })
    .toFormat(format)
    .toBuffer()

/** Chooses a file as a person does: the button opens the file chooser. */
async function choose(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser')
  await button.click()
  await (await chooser).setFiles(file)
}

const coverImage = (page: Page) => page.locator('img[data-testid="book-cover"]')

async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible()
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0)
}

test('an admin gives a new book a cover, sees it in the catalogue, replaces it and removes it', async ({ page }) => {
  const title = `Pictured ${Date.now().toString(36)}`
  await signIn(page, ADMIN_EMAIL)
  await page.goto('/manager/books/new')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Author').fill('Cover Artist')
  await choose(page, page.getByText('Choose a picture'), {
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await picture('png', 200),
  })
  // The preview is the chosen file itself (a blob: URL), drawn before anything is saved.
  await expectLoaded(page.getByRole('img', { name: 'Preview of the new picture' }))
  await page.getByRole('button', { name: 'Create book' }).click()

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const id = /\/manager\/books\/([^/?]+)/.exec(page.url())![1]!
  await expectLoaded(coverImage(page))
  const first = await coverImage(page).getAttribute('src')
  expect(first).toMatch(new RegExp(`^/api/rest/pictures/covers/${id}/[\\w-]{22}-160\\.webp$`))
  expect(filesOf('covers', id)).toHaveLength(3)

  await page.goto(`/app/books?searchTerm=${encodeURIComponent(title)}`)
  await expectLoaded(page.getByRole('list', { name: 'Books' }).locator('img'))

  await page.goto(`/manager/books/${id}/update`)
  await choose(page, page.getByText('Replace'), {
    name: 'photo.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture('jpeg', 20),
  })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expectLoaded(coverImage(page))
  const second = await coverImage(page).getAttribute('src')
  expect(second).not.toBe(first)
  // The replaced picture's files are gone: only the new one's three widths are kept.
  expect(filesOf('covers', id)).toHaveLength(3)
  expect(filesOf('covers', id).every((name) => second!.includes(name.split('-')[0]!))).toBe(true)

  await page.goto(`/manager/books/${id}/update`)
  await page.getByRole('button', { name: 'Remove' }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(coverImage(page)).toHaveCount(0)
  await expect(page.getByTestId('book-cover')).toBeVisible()
  expect(filesOf('covers', id)).toEqual([])
})

test('what is not a picture is refused with a clear message, and nothing is kept', async ({ page }) => {
  // Four uploads refused, one of them 20 MB.
  test.slow()
  const title = `Refused ${Date.now().toString(36)}`
  await signIn(page, ADMIN_EMAIL)
  await page.goto('/manager/books/new')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Author').fill('Nobody')
  await page.getByRole('button', { name: 'Create book' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const id = /\/manager\/books\/([^/?]+)/.exec(page.url())![1]!

  const refusals = [
    [
      {
        name: 'drawing.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      'This file is not a picture we accept: choose a JPEG, PNG, WebP or AVIF image.',
    ],
    [
      { name: 'page.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') },
      'This file is not a picture we accept: choose a JPEG, PNG, WebP or AVIF image.',
    ],
    [
      // 60,000 × 60,000 pixels in a few kilobytes.
      { name: 'bomb.png', mimeType: 'image/png', buffer: pngBomb(60_000, 60_000) },
      'This picture has too many pixels (at most 40 million): choose a smaller one.',
    ],
  ] as const
  for (const [file, message] of refusals) {
    await page.goto(`/manager/books/${id}/update`)
    await choose(page, page.getByText('Choose a picture'), file)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('group', { name: 'Cover' }).getByRole('alert')).toHaveText(message)
    expect(filesOf('covers', id)).toEqual([])
  }
  // The server's refusals; and Chromium's note on the previews of files that are no picture
  // (a blob: it would not draw, reported against connect-src: not yet understood, see the stop note).
  await expectConsoleMessage(page, /status of 400 .*\/api\/rest\/books\/[^/]+\/cover/)
  await expectConsoleMessage(page, /Connecting to 'blob:/, { ifAny: true })

  // 20 MB: refused before a byte is sent; and by the server too, whoever sends it.
  await page.goto(`/manager/books/${id}/update`)
  const large = Buffer.alloc(20 * 1024 * 1024, 1)
  await choose(page, page.getByText('Choose a picture'), { name: 'large.png', mimeType: 'image/png', buffer: large })
  await expect(page.getByRole('group', { name: 'Cover' }).getByRole('alert')).toHaveText(
    'This file is larger than 5 MB: choose a smaller picture.',
  )
  const direct = await page.request.put(`/api/rest/books/${id}/cover`, {
    data: large,
    headers: { 'content-type': 'application/octet-stream' },
  })
  expect(direct.status()).toBe(413)
  expect((await direct.json()).message).toBe('This file is larger than 5 MB: choose a smaller picture.')
  expect(filesOf('covers', id)).toEqual([])
})

test('a user drops an avatar on the account page; the menu shows it; they remove it', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await page.goto('/app/account')
  // Dragged from the desktop and dropped on the field.
  const bytes = [...(await picture('png', 120))]
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer()
    transfer.items.add(new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' }))
    return transfer
  }, bytes)
  await page.getByTestId('picture-drop-zone').dispatchEvent('dragover', { dataTransfer })
  await page.getByTestId('picture-drop-zone').dispatchEvent('drop', { dataTransfer })
  await expectLoaded(page.getByRole('img', { name: 'Preview of the new picture' }))
  await page.getByRole('button', { name: 'Save picture' }).click()
  await expect(page.getByText('Picture saved')).toBeVisible()
  const menuAvatar = page.locator('img[src^="/api/rest/pictures/avatars/"]').first()
  await expectLoaded(menuAvatar)

  await page.getByRole('button', { name: 'Remove' }).click()
  await page.getByRole('button', { name: 'Save picture' }).click()
  await expect(page.getByText('Picture removed')).toBeVisible()
  await expect(page.locator('img[src^="/api/rest/pictures/avatars/"]')).toHaveCount(0)
})
