// Standalone SMTP catcher for end-to-end tests: `tsx e2e/support/mail-catcher.ts`.
// Keeps every received message in memory and exposes them over a tiny HTTP API:
//   GET /messages?to=<address>  newest first, filtered case-insensitively by recipient
//   GET /health                 200 once both servers listen
import { createServer, type ServerResponse } from 'node:http'

import type { AddressObject } from 'mailparser'

import { createSmtpCatcher } from './smtp-catcher'

export interface CaughtMessage {
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  /** ISO time of receipt (the header Date has only second precision). */
  date: string
}

const HOST = '127.0.0.1'
const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 2525)
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 2526)

const messages: CaughtMessage[] = []

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .flatMap((entry) => (entry.address ? [entry.address] : []))

const smtp = createSmtpCatcher((mail, envelopeTo) => {
  // The envelope holds the real recipients (incl. Bcc); fall back to the header.
  messages.unshift({
    to: envelopeTo.length > 0 ? envelopeTo : addresses(mail.to),
    from: mail.from?.text ?? '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    date: new Date().toISOString(),
  })
})
smtp.on('error', (error) => console.error('[mail-catcher] SMTP error:', error.message))

const send = (res: ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(body === undefined ? '' : JSON.stringify(body))
}

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${HOST}`)
  if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true })
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase()
    return send(res, 200, to ? messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : messages)
  }
  send(res, 404, { error: 'not found' })
})

smtp.listen(smtpPort, HOST, () => {
  http.listen(httpPort, HOST, () => {
    console.log(`[mail-catcher] SMTP on ${HOST}:${smtpPort}, HTTP on http://${HOST}:${httpPort}`)
  })
})

// Playwright stops web servers with signals: close both servers cleanly.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    http.close()
    smtp.close(() => process.exit(0))
  })
}
