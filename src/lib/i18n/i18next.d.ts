/**
 * Typed translation keys: every `t('…')` and `useTranslation('ns')` is checked
 * against the English messages (the reference language), so a missing or
 * misspelt key fails `npm run typecheck`, in every namespace.
 */
import 'i18next'

import type account from '@/locales/en/account.json'
import type auth from '@/locales/en/auth.json'
import type book from '@/locales/en/book.json'
import type common from '@/locales/en/common.json'
import type dashboard from '@/locales/en/dashboard.json'
import type demo from '@/locales/en/demo.json'
import type emails from '@/locales/en/emails.json'
import type jobs from '@/locales/en/jobs.json'
import type shell from '@/locales/en/shell.json'
import type ui from '@/locales/en/ui.json'
import type user from '@/locales/en/user.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: {
      account: typeof account
      auth: typeof auth
      book: typeof book
      common: typeof common
      dashboard: typeof dashboard
      demo: typeof demo
      emails: typeof emails
      jobs: typeof jobs
      shell: typeof shell
      ui: typeof ui
      user: typeof user
    }
    returnNull: false
  }
}
