// Temporary: RSS idle / after load and CPU per request, per variant (env + node flags). Not committed.
import { readFileSync } from 'node:fs'

import { signIn, startApp, startMailCatcher } from '../app'
import { createBenchDatabase, fillDatabase } from '../database'
import { rssMegabytes,runWrk } from '../load'

const ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres'
const variants: Record<string, Record<string, string>> = JSON.parse(process.argv[2]!)
const seconds = Number(process.env.SECS ?? 10)
const cpu = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) / 100 }
const db = await createBenchDatabase(ADMIN)
await fillDatabase(db.url, 100_000, () => {})
const mail = await startMailCatcher()
try {
  for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round++)
  for (const [name, env] of Object.entries(variants)) {
    const app = await startApp(db.url, mail.url, 60_000, env)
    const pid = app.process.pid!
    const cookie = await signIn(app.baseUrl, 'admin@admin.com', (e) => mail.nextCode(e))
    await new Promise((r) => setTimeout(r, 2000))
    const idle = rssMegabytes(pid)
    const c0 = cpu(pid)
    let requests = 0
    for (const path of ['/login', '/manager/books', '/api/rest/books?limit=20', '/api/auth/get-session']) {
      const r = await runWrk(app.baseUrl + path, { connections: 20, threads: 2, seconds, headers: path === '/login' ? {} : { cookie, 'accept-encoding': 'br, gzip' } })
      requests += r.requests
    }
    const c1 = cpu(pid)
    const after = rssMegabytes(pid)
    await new Promise((r) => setTimeout(r, 5000))
    const settled = rssMegabytes(pid)
    console.log(`${name.padEnd(28)} idle ${idle?.toFixed(1)} MB, after load ${after?.toFixed(1)} MB, 5 s later ${settled?.toFixed(1)} MB, ${requests} req, CPU ${((c1 - c0) / requests * 1e6).toFixed(0)} µs/req`)
    await app.stop()
  }
} finally { await mail.close(); await db.drop() }
