import { readdirSync } from 'node:fs'
import path from 'node:path'

import { expect, it } from 'vitest'

import { JOB_QUEUES } from '@/lib/jobs'
import type { JobDefinition } from '@/server/queue/queue.server'

import { JOBS } from './index.server'

/**
 * A job is added by adding its file: `<queue name, its dot a dash>.job.server.ts` here, its line in
 * index.server.ts, its name in JOB_QUEUES and its label (the compiler checks the last three against
 * each other; this test, that no job file is left out).
 */
const folder = import.meta.dirname
const JOB_FILE = /\.job\.server\.ts$/
/** The folder's other files: the job list, the clean-ups' common shape, and tests. */
const OTHERS = ['index.server.ts', 'cleanup.server.ts']
const isTest = (file: string) => file.endsWith('.test.ts')

const files = readdirSync(folder)

it('holds only job files, the job list, the clean-ups\u2019 shape and tests', () => {
  const unclassified = files.filter((file) => !JOB_FILE.test(file) && !OTHERS.includes(file) && !isTest(file))
  expect(unclassified, 'a job is a *.job.server.ts file; anything else is named in OTHERS').toEqual([])
})

it('runs every job file, under the queue name its file is named after', async () => {
  const jobFiles = files.filter((file) => JOB_FILE.test(file))
  for (const file of jobFiles) {
    const job = ((await import(path.join(folder, file))) as { default: JobDefinition }).default
    expect(JOBS, `${file}: its job is missing from JOBS (index.server.ts)`).toContain(job)
    expect(file).toBe(`${job.name.replace('.', '-')}.job.server.ts`)
  }
  expect(JOBS).toHaveLength(jobFiles.length)
})

it('lists the queues the client knows, in their order', () => {
  expect(JOBS.map((job) => job.name)).toEqual(JOB_QUEUES)
})
