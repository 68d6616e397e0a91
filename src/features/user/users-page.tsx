import { Link } from '@tanstack/react-router'
import { BadgeCheck, Ban, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { buttonVariants } from '@/components/ui/button'
import { DataList } from '@/components/ui/data-list'
import { SearchInput } from '@/components/ui/search-input'
import type { Role } from '@/features/auth/permissions'
import { useInfiniteList } from '@/lib/use-infinite-list'

import { userQueries } from './queries'
import type { UserListItem } from './schema'

/** /manager/users: search on name and e-mail (the `searchTerm` param), load more, counters. */
export function UsersPage({
  searchTerm,
  onSearchChange,
}: {
  searchTerm: string
  onSearchChange: (term: string) => void
}) {
  const { t } = useTranslation('user')
  const list = useInfiniteList<UserListItem, Error>(userQueries.list(searchTerm))
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('pages.users')}</h1>
        <Link to="/manager/users/new" className={buttonVariants()}>
          <Plus aria-hidden className="size-4" />
          {t('list.new')}
        </Link>
      </div>
      <SearchInput value={searchTerm} onValueChange={onSearchChange} label={t('list.searchLabel')} />
      <DataList list={list} searchTerm={searchTerm} empty={t('list.empty')}>
        {(users) => (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        )}
      </DataList>
    </div>
  )
}

function UserRow({ user }: { user: UserListItem }) {
  const { t } = useTranslation('user')
  return (
    <li>
      <Link
        to="/manager/users/$id"
        params={{ id: user.id }}
        className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-muted focus-visible:bg-muted dark:hover:bg-zinc-800"
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium">{user.name}</span>
          <span className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
            <span className="truncate">{user.email}</span>
            <EmailVerified verified={user.emailVerified} />
          </span>
        </span>
        <span className="flex items-center gap-2">
          {user.banned ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-danger/10 px-2 py-0.5 text-xs font-medium text-danger">
              <Ban aria-hidden className="size-3" />
              {t('list.banned')}
            </span>
          ) : null}
          <RoleBadge role={user.role} />
        </span>
      </Link>
    </li>
  )
}

/** An e-mail's state: a check for verified, else 'Not Verified'. */
export function EmailVerified({ verified }: { verified: boolean }) {
  const { t } = useTranslation('user')
  return verified ? (
    <span className="inline-flex shrink-0 items-center gap-1 text-xs text-emerald-700 dark:text-emerald-400">
      <BadgeCheck aria-hidden className="size-3.5" />
      {t('email.verified')}
    </span>
  ) : (
    <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
      {t('email.notVerified')}
    </span>
  )
}

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('user')
  return <span className="rounded-full border border-border px-2 py-0.5 text-xs font-medium">{t(`roles.${role}`)}</span>
}
