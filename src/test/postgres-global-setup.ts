import { randomBytes } from 'node:crypto'

import type { TestProject } from 'vitest/node'

import { openDatabase } from '@/server/db/client.server'
import { prepareDatabase } from '@/server/db/index.server'

import { databaseUrl, dropDatabases, quoteDatabase, withClient } from './context'

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

  await withClient(adminUrl, (client) => client.query(`create database ${quoteDatabase(template)}`))
  try {
    const handle = await openDatabase(databaseUrl(adminUrl, template))
    try {
      await prepareDatabase(handle, { demo: true })
    } finally {
      // A template must have no open connection when it is cloned.
      await handle.close()
    }
  } catch (error) {
    await dropDatabases(adminUrl, prefix)
    throw error
  }

  project.provide('postgres', { adminUrl, template, prefix })
  return () => dropDatabases(adminUrl, prefix)
}
