import { Link, useLocation } from '@tanstack/react-router'
import { Ban, Plus } from 'lucide'

import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { buttonVariants } from '@/components/ui/button'
import { DataList } from '@/components/ui/data-list'
import { Icon } from '@/components/ui/icon'
import { ListTable, PlainHeader } from '@/components/ui/list-table'
import { PageHeader } from '@/components/ui/page-header'
import { ScriptFieldset } from '@/components/ui/script-fieldset'
import { SearchInput } from '@/components/ui/search-input'
import { Select } from '@/components/ui/select'
import { SortableHeader } from '@/components/ui/sortable-header'
import { useTranslation } from '@/lib/i18n/react'
import { ROLE_NAMES, type RoleName, type UserListSearch } from '@/lib/search-params'
import { useInfiniteList } from '@/lib/use-infinite-list'

import { userQueries } from './queries'
import type { UserListItem } from './schema'
import { EmailVerified, RoleBadge } from './user-badges'

/** A change of the search or the filters (the page starts again at the first page). */
type UserListChange = Partial<Pick<UserListSearch, 'searchTerm' | 'role' | 'banned'>>

const BANNED_VALUES = { true: true, false: false } as const

/** /manager/users: search on name and e-mail (`searchTerm`), role and banned filters, sortable headers, load more, counters. */
export function UsersPage({
  search,
  onSearchChange,
}: {
  search: UserListSearch
  onSearchChange: (next: UserListChange) => void
}) {
  const { t } = useTranslation('user')
  // The search form's action: this page (the form replaces its search params).
  const pathname = useLocation({ select: (location) => location.pathname })
  const { searchTerm, sort, order, role, banned } = search
  const list = useInfiniteList<UserListItem, Error>(userQueries.list({ searchTerm, sort, order, role, banned }))
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
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          value={searchTerm}
          action={pathname}
          onValueChange={(term) => onSearchChange({ searchTerm: term })}
          label={t('list.searchLabel')}
          className="sm:flex-1"
        />
        {/* The filters apply with the page's script: not usable before it runs. */}
        <ScriptFieldset>
          <Select
            label={t('fields.role')}
            value={role ?? ''}
            onChange={(event) => onSearchChange({ role: (event.target.value || undefined) as RoleName | undefined })}
            options={[
              { value: '', label: t('list.allRoles') },
              ...ROLE_NAMES.map((name) => ({ value: name, label: t(`roles.${name}`) })),
            ]}
            className="sm:w-40"
          />
          <Select
            label={t('detail.banState')}
            value={banned === undefined ? '' : String(banned)}
            onChange={(event) =>
              onSearchChange({ banned: BANNED_VALUES[event.target.value as keyof typeof BANNED_VALUES] })
            }
            options={[
              { value: '', label: t('list.anyAccess') },
              { value: 'false', label: t('detail.active') },
              { value: 'true', label: t('list.banned') },
            ]}
            className="sm:w-40"
          />
        </ScriptFieldset>
      </div>
      <DataList
        list={list}
        searchTerm={searchTerm}
        pagedUrl
        listParams={{ sort, order, role, banned }}
        empty={t('list.empty')}
      >
        {(users) => (
          <ListTable
            label={t('pages.users')}
            headers={
              <>
                <SortableHeader column="name" label={t('fields.name')} current={search} className="w-[35%]" />
                <SortableHeader column="email" label={t('fields.email')} current={search} className="w-[40%]" />
                <PlainHeader label={t('fields.role')} />
              </>
            }
          >
            {users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ListTable>
        )}
      </DataList>
    </div>
  )
}

function UserRow({ user }: { user: UserListItem }) {
  const { t } = useTranslation('user')
  return (
    // The name's link covers the row (its ::after): the whole row opens the user.
    <tr className="relative focus-within:bg-accent hover:bg-accent">
      <td className="px-4 py-3">
        <span className="flex min-w-0 items-center gap-3">
          <Avatar user={user} size="md" />
          <Link
            to="/manager/users/$id"
            params={{ id: user.id }}
            className="truncate font-medium after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-primary"
          >
            {/* Not yet onboarded: no name; the address names the link. */}
            {user.name || user.email}
          </Link>
        </span>
      </td>
      <td className="px-4 py-3 text-sm text-muted-foreground">
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          {/* Left to right in every language: an Arabic page cut the address at its start. */}
          <span dir="ltr" className="max-w-full truncate">
            {user.email}
          </span>
          <EmailVerified verified={user.emailVerified} />
        </span>
      </td>
      <td className="px-4 py-3">
        <span className="flex flex-wrap items-center gap-2">
          {user.banned ? (
            <Badge tone="danger">
              <Icon node={Ban} className="size-3" />
              {t('list.banned')}
            </Badge>
          ) : null}
          <RoleBadge role={user.role} />
        </span>
      </td>
    </tr>
  )
}
