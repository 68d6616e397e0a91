/**
 * `npm run bench:weight` (`tsx bench/page-weight.ts [--files]`): the JS+CSS (gzip, level 9) each budgeted
 * route loads in Chromium, file by file, against budgets.json.
 *
 * Starts the production build (`.output`, rebuilt when the sources changed) on
 * an in-memory database with an SMTP catcher in this process, signs the seeded
 * accounts in by e-mail code, and loads each route until the network is idle.
 * The same measure is enforced by `npm test` (e2e/page-weight.spec.ts).
 */
import { chromium } from '@playwright/test'

import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { kb, readBudgets, WEIGHED_ROUTES, weighPage } from '../e2e/support/page-weight'
import { ensureBuild, signIn, startApp, startMailCatcher } from './app'

const log = (line: string) => console.log(`[page-weight] ${line}`)
const verbose = process.argv.includes('--files')

await ensureBuild(log)
const mail = await startMailCatcher()
const app = await startApp('memory://', mail.url)
const browser = await chromium.launch(chromiumLaunchOptions)
let failed = false
try {
  const budgets = readBudgets()
  const rows: string[] = ['| route | JS+CSS gzip | files | budget |', '|---|---:|---:|---:|']
  for (const route of WEIGHED_ROUTES) {
    const context = await browser.newContext({ baseURL: app.baseUrl })
    if (route.as) {
      const [name, value] = (await signIn(app.baseUrl, route.as, (email) => mail.nextCode(email))).split('=') as [
        string,
        string,
      ]
      await context.addCookies([{ name, value, url: app.baseUrl }])
    }
    const weight = await weighPage(await context.newPage(), route.path)
    await context.close()
    const budget = budgets[route.path]
    if (kb(weight.totalBytes) > budget) failed = true
    rows.push(`| \`${route.path}\` | ${kb(weight.totalBytes)} KB | ${weight.files.length} | ${budget} KB |`)
    if (verbose)
      for (const file of weight.files) log(`${route.path}  ${kb(file.bytes).toFixed(1).padStart(6)} KB  ${file.path}`)
  }
  console.log(rows.join('\n'))
} catch (error) {
  console.error(app.output())
  throw error
} finally {
  await browser.close()
  await app.stop()
  await mail.close()
}
if (failed) {
  log('a route is over its budget (budgets.json)')
  process.exitCode = 1
}
