import { Link, useLocation } from '@tanstack/react-router'
import { Ban, Plus } from 'lucide'

import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { buttonVariants } from '@/components/ui/button'
import { DataList } from '@/components/ui/data-list'
import { Icon } from '@/components/ui/icon'
import { PageHeader } from '@/components/ui/page-header'
import { SearchInput } from '@/components/ui/search-input'
import { useTranslation } from '@/lib/i18n/react'
import { useInfiniteList } from '@/lib/use-infinite-list'

import { userQueries } from './queries'
import type { UserListItem } from './schema'
import { EmailVerified, RoleBadge } from './user-badges'

/** /manager/users: search on name and e-mail (the `searchTerm` param), load more, counters. */
export function UsersPage({
  searchTerm,
  onSearchChange,
}: {
  searchTerm: string
  onSearchChange: (term: string) => void
}) {
  const { t } = useTranslation('user')
  // The search form's action: this page (the form replaces its search params).
  const pathname = useLocation({ select: (location) => location.pathname })
  const list = useInfiniteList<UserListItem, Error>(userQueries.list(searchTerm))
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('pages.users')}
        actions={
          <Link to="/manager/users/new" className={buttonVariants()}>
            <Icon node={Plus} className="size-4" />
            {t('list.new')}
          </Link>
        }
      />
      <SearchInput value={searchTerm} action={pathname} onValueChange={onSearchChange} label={t('list.searchLabel')} />
      <DataList list={list} searchTerm={searchTerm} pagedUrl empty={t('list.empty')}>
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
        className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-accent focus-visible:bg-accent"
      >
        <Avatar user={user} size="md" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium">{user.name}</span>
          <span className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
            <span className="truncate">{user.email}</span>
            <EmailVerified verified={user.emailVerified} />
          </span>
        </span>
        <span className="flex items-center gap-2">
          {user.banned ? (
            <Badge tone="danger">
              <Icon node={Ban} className="size-3" />
              {t('list.banned')}
            </Badge>
          ) : null}
          <RoleBadge role={user.role} />
        </span>
      </Link>
    </li>
  )
}
