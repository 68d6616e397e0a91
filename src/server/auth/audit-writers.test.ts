import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/** The one writer of the audit trail: it names the admin behind an impersonation as the actor. */
const WRITER = 'src/server/auth/audit.server.ts'

/** An insert into audit_log, through drizzle (`db.insert(auditLog)`, `tx.insert(schema.auditLog)`) or in SQL. */
const INSERT = /\.insert\(\s*(?:schema\.)?auditLog\b|insert\s+into\s+"?audit_log\b/i

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

describe('the audit trail', () => {
  it('is written through recordAudit only, which records who acts behind an impersonation', () => {
    const writers = sourceFiles('src')
      .filter((file) => INSERT.test(fs.readFileSync(file, 'utf8')))
      .map((file) => file.split(path.sep).join('/'))
    expect(writers).toContain(WRITER)
    expect(writers.filter((file) => file !== WRITER)).toEqual([])
  })
})
