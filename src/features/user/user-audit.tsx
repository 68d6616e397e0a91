import { History } from 'lucide'

import { DataList } from '@/components/ui/data-list'
import { Icon } from '@/components/ui/icon'
import { AUDIT_ACTIONS } from '@/lib/audit-actions'
import { translate } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'
import { useFormatDate } from '@/lib/use-format-date'
import { useInfiniteList } from '@/lib/use-infinite-list'

import { userQueries } from './queries'
import { type AuditEntry, roleSchema } from './schema'

/** The administrative actions done to a user, newest first: what, who, when and from where. */
export function UserAuditTrail({ userId }: { userId: string }) {
  const { t } = useTranslation('user')
  const list = useInfiniteList<AuditEntry, Error>(userQueries.audit(userId))
  return (
    <section aria-labelledby="user-audit" className="flex flex-col gap-3">
      <h2 id="user-audit" className="text-lg font-semibold">
        {t('audit.title')}
      </h2>
      <DataList list={list} empty={t('audit.empty')}>
        {(entries) => (
          <ol className="flex flex-col gap-2">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </DataList>
    </section>
  )
}

/** One row: what, by whom (and as whom, impersonating), when and from where. */
export function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('user')
  const date = useFormatDate()
  const action = AUDIT_ACTIONS.find((known) => known === entry.action)
  const role = roleSchema.safeParse(entry.details.role)
  const method =
    entry.details.method === 'passkey' || entry.details.method === 'email-code' ? entry.details.method : null
  const what = action
    ? translate(t, `user:audit.actions.${action}`, {
        role: role.success ? t(`roles.${role.data}`) : String(entry.details.role ?? ''),
        method: method ? t(`audit.methods.${method}`) : '',
      })
    : t('audit.actions.unknown', { action: entry.action })
  const nameOf = (person: NonNullable<AuditEntry['actor']>) => person.name || person.email
  const who = entry.actor ? nameOf(entry.actor) : t('audit.unknownActor')
  // An admin impersonating: "by <admin> as <user>".
  const by = entry.actingAs
    ? t('audit.byAs', { actor: who, user: nameOf(entry.actingAs) })
    : t('audit.by', { actor: who })
  return (
    <li data-testid="audit-row" className="flex items-start gap-3 rounded-lg border border-border px-4 py-2 text-sm">
      <Icon node={History} className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="flex min-w-0 flex-col">
        <p>
          <span className="font-medium">{what}</span> {by}
        </p>
        <p className="text-muted-foreground">
          <time dateTime={entry.createdAt}>{date(entry.createdAt)}</time>
          {entry.ip ? ` · ${t('audit.fromIp', { ip: entry.ip })}` : null}
        </p>
      </div>
    </li>
  )
}
