import { randomBytes } from 'node:crypto'

import pg from 'pg'
import type { TestProject } from 'vitest/node'

import { openDatabase } from '@/server/db/client.server'
import { prepareDatabase } from '@/server/db/index.server'

import { databaseUrl, quoteDatabase } from './context'

/**
 * Global setup of the `postgres` project (TEST_DATABASE_URL set): creates this
 * run's throwaway database `test_<random>`, migrates and seeds it once, and
 * hands it to the test files, which each clone it (CREATE DATABASE … TEMPLATE)
 * so every file starts from the same clean state. Teardown drops every
 * database of this run, the clones a crashed worker left behind included.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const prefix = `test_${randomBytes(6).toString('hex')}`
  const template = prefix

  await admin(adminUrl, (client) => client.query(`create database ${quoteDatabase(template)}`))
  try {
    const handle = await openDatabase(databaseUrl(adminUrl, template))
    try {
      await prepareDatabase(handle, { demo: true })
    } finally {
      // A template must have no open connection when it is cloned.
      await handle.close()
    }
  } catch (error) {
    await dropRun(adminUrl, prefix)
    throw error
  }

  project.provide('postgres', { adminUrl, template, prefix })
  return () => dropRun(adminUrl, prefix)
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

async function dropRun(adminUrl: string, prefix: string) {
  await admin(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname = $1 or datname like $2',
      [prefix, `${prefix}\\_%`],
    )
    // Clones first: the template cannot be dropped while it is being cloned.
    for (const { datname } of rows.sort((a, b) => b.datname.length - a.datname.length)) {
      await client.query(`drop database if exists ${quoteDatabase(datname)} with (force)`)
    }
  })
}
