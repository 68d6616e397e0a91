import { describe, expect, it } from 'vitest'

import { databaseTimeouts, InvalidEnvError, LOCAL_DOCS_URL, LOCAL_ISSUES_URL, parseEnv } from './env.server'

const SECRET = 'a'.repeat(32)
const PRODUCTION = { NODE_ENV: 'production', EMAIL_SERVER: 'smtp://mail.example:25', AUTH_SECRET: SECRET }

/** The issues parseEnv reports for `source` (`path: message`), or [] if valid. */
function issues(source: Record<string, string | undefined>) {
  try {
    parseEnv(source)
    return []
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvError)
    return (error as InvalidEnvError).issues
  }
}

describe('defaults', () => {
  it('runs with an empty environment', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      BASE_URL: 'http://localhost:3000',
      DEMO_MODE: false,
      DEMO_CONTACT_EMAIL: 'contact@example.com',
      RATE_LIMIT: true,
      isProduction: false,
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.EMAIL_SERVER).toBeUndefined()
    expect(env.ENV_EMOJI).toBeUndefined()
  })

  it('treats empty values as unset (a blank line of .env)', () => {
    const env = parseEnv({ BASE_URL: '', DEMO_MODE: '', ENV_EMOJI: ' ', DATABASE_URL: '', AUTH_SECRET: '' })
    expect(env.BASE_URL).toBe('http://localhost:3000')
    expect(env.DEMO_MODE).toBe(false)
    expect(env.ENV_EMOJI).toBeUndefined()
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('derives the default base URL from PORT', () => {
    expect(parseEnv({ PORT: '4123' })).toMatchObject({ PORT: 4123, BASE_URL: 'http://localhost:4123' })
  })
})

describe('BASE_URL', () => {
  it.each(['https://books.example.com', 'http://localhost:3000', 'http://127.0.0.1:8080/'])('accepts %j', (value) => {
    expect(parseEnv({ BASE_URL: value }).BASE_URL).toBe(value)
  })

  it.each([
    'books.example.com',
    'localhost:3000',
    'ftp://books.example.com',
    'mailto:a@b.co',
    'http://',
    '/',
    'not a url',
  ])('refuses %j with "Invalid base URL"', (value) => {
    expect(issues({ BASE_URL: value })).toEqual(['BASE_URL: Invalid base URL'])
  })

  it('stops start-up with the message in the error text', () => {
    expect(() => parseEnv({ BASE_URL: 'nope' })).toThrow(/Invalid base URL/)
  })
})

describe('DEMO_MODE', () => {
  it('is true only for "true", false for "false", false by default', () => {
    expect(parseEnv({ DEMO_MODE: 'true' }).DEMO_MODE).toBe(true)
    expect(parseEnv({ DEMO_MODE: 'false' }).DEMO_MODE).toBe(false)
    expect(parseEnv({}).DEMO_MODE).toBe(false)
  })

  it.each(['yes', '1', 'TRUE', 'on'])('refuses %j', (value) => {
    const found = issues({ DEMO_MODE: value })
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^DEMO_MODE: /)
  })

  it('has a contact address that must be an e-mail', () => {
    expect(parseEnv({ DEMO_CONTACT_EMAIL: 'demo@books.example' }).DEMO_CONTACT_EMAIL).toBe('demo@books.example')
    expect(issues({ DEMO_CONTACT_EMAIL: 'nobody' })).toEqual([
      'DEMO_CONTACT_EMAIL: DEMO_CONTACT_EMAIL must be an e-mail address',
    ])
  })

  it('refuses the placeholder contact in a production demo: every visitor sees it', () => {
    const message =
      'DEMO_CONTACT_EMAIL: DEMO_CONTACT_EMAIL is required in production demo mode: the demo dialog shows it to every visitor (contact@example.com is a placeholder)'
    expect(issues({ ...PRODUCTION, DEMO_MODE: 'true' })).toEqual([message])
    expect(issues({ ...PRODUCTION, DEMO_MODE: 'true', DEMO_CONTACT_EMAIL: 'Contact@Example.com' })).toEqual([message])
    expect(
      parseEnv({ ...PRODUCTION, DEMO_MODE: 'true', DEMO_CONTACT_EMAIL: 'demo@books.example' }).DEMO_CONTACT_EMAIL,
    ).toBe('demo@books.example')
    // Outside production, or not a demo: the placeholder is harmless.
    expect(issues({ DEMO_MODE: 'true' })).toEqual([])
    expect(issues({ ...PRODUCTION })).toEqual([])
  })
})

describe('ENV_EMOJI', () => {
  it.each(['🚀', '🇫🇷', '👩‍💻', '❤️'])('accepts %j', (value) => {
    expect(parseEnv({ ENV_EMOJI: value }).ENV_EMOJI).toBe(value)
  })

  it.each(['dev', 'a🚀', '1', ':)'])('refuses %j with "ENV_EMOJI must be an emoji"', (value) => {
    expect(issues({ ENV_EMOJI: value })).toEqual(['ENV_EMOJI: ENV_EMOJI must be an emoji'])
  })
})

describe('production', () => {
  it('starts with EMAIL_SERVER and AUTH_SECRET', () => {
    expect(parseEnv(PRODUCTION)).toMatchObject({ isProduction: true, NODE_ENV: 'production' })
  })

  it('requires EMAIL_SERVER: no dev mailbox in production', () => {
    const found = issues({ ...PRODUCTION, EMAIL_SERVER: undefined })
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^EMAIL_SERVER: EMAIL_SERVER is required in production/)
  })

  it('requires AUTH_SECRET', () => {
    const found = issues({ ...PRODUCTION, AUTH_SECRET: '' })
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^AUTH_SECRET: AUTH_SECRET is required in production/)
  })

  it('reports both missing values at once', () => {
    expect(issues({ NODE_ENV: 'production' }).map((issue) => issue.split(':')[0])).toEqual([
      'EMAIL_SERVER',
      'AUTH_SECRET',
    ])
  })

  it('needs neither outside production', () => {
    expect(issues({ NODE_ENV: 'development' })).toEqual([])
    expect(issues({ NODE_ENV: 'test' })).toEqual([])
  })
})

describe('other rules', () => {
  it('needs an AUTH_SECRET of 32 characters or more', () => {
    expect(issues({ AUTH_SECRET: 'short' })).toEqual(['AUTH_SECRET: AUTH_SECRET must be at least 32 characters'])
    expect(parseEnv({ AUTH_SECRET: SECRET }).AUTH_SECRET).toBe(SECRET)
  })

  it('needs an smtp:// or smtps:// EMAIL_SERVER', () => {
    expect(parseEnv({ EMAIL_SERVER: 'smtps://u:p@mail.example:465' }).EMAIL_SERVER).toBe('smtps://u:p@mail.example:465')
    expect(issues({ EMAIL_SERVER: 'http://mail.example' })).toEqual([
      'EMAIL_SERVER: EMAIL_SERVER must be an smtp:// or smtps:// URL',
    ])
  })

  it.each(['memory://', 'file://./.data/other', 'postgres://u@h:5432/db', 'postgresql://u@h/db'])(
    'accepts DATABASE_URL %j',
    (value) => {
      expect(parseEnv({ DATABASE_URL: value }).DATABASE_URL).toBe(value)
    },
  )

  it.each(['mysql://u@h/db', './.data/db', 'sqlite://x'])('refuses DATABASE_URL %j', (value) => {
    expect(issues({ DATABASE_URL: value })).toEqual([
      'DATABASE_URL: Invalid database URL: use memory://, file://<folder> or postgres://…',
    ])
  })

  it('takes DATABASE_DIRECT_URL beside a PostgreSQL DATABASE_URL, refuses it with the embedded database', () => {
    const pooled = { DATABASE_URL: 'postgres://u@pooler:6432/db', DATABASE_DIRECT_URL: 'postgres://u@db:5432/db' }
    expect(parseEnv(pooled).DATABASE_DIRECT_URL).toBe('postgres://u@db:5432/db')
    expect(issues({ ...pooled, DATABASE_DIRECT_URL: 'db:5432' })).toEqual([
      'DATABASE_DIRECT_URL: DATABASE_DIRECT_URL must be a postgres:// URL of the PostgreSQL server itself (not the pooler)',
    ])
    for (const embedded of [{}, { DATABASE_URL: 'memory://' }, { DATABASE_URL: 'file://./.data/db' }]) {
      expect(issues({ ...embedded, DATABASE_DIRECT_URL: 'postgres://u@db:5432/db' })).toEqual([
        'DATABASE_DIRECT_URL: DATABASE_DIRECT_URL needs DATABASE_URL to be a PostgreSQL server (postgres://…): the embedded database (memory://, file://) is one process with one connection',
      ])
    }
  })

  it('takes DATABASE_REPLICA_URLS as a list beside a PostgreSQL DATABASE_URL, refuses it with the embedded database', () => {
    const primary = { DATABASE_URL: 'postgres://u@db:5432/db' }
    const replicas = 'postgres://u@r1:5432/db, postgresql://u@r2:5432/db'
    expect(parseEnv({ ...primary, DATABASE_REPLICA_URLS: replicas }).DATABASE_REPLICA_URLS).toEqual([
      'postgres://u@r1:5432/db',
      'postgresql://u@r2:5432/db',
    ])
    expect(parseEnv(primary).DATABASE_REPLICA_URLS).toEqual([])
    expect(parseEnv(primary).DATABASE_REPLICA_MAX_LAG_SECONDS).toBe(5)
    expect(issues({ ...primary, DATABASE_REPLICA_URLS: 'postgres://u@r1/db,r2:5432' })).toEqual([
      'DATABASE_REPLICA_URLS: DATABASE_REPLICA_URLS must be a comma-separated list of postgres:// URLs: r2:5432',
    ])
    expect(issues({ DATABASE_URL: 'memory://', DATABASE_REPLICA_URLS: 'postgres://u@r1/db' })).toEqual([
      'DATABASE_REPLICA_URLS: DATABASE_REPLICA_URLS needs DATABASE_URL to be a PostgreSQL server (postgres://…): the embedded database (memory://, file://) is one process with one connection',
    ])
    expect(issues({ ...primary, DATABASE_REPLICA_MAX_LAG_SECONDS: '0' })[0]).toMatch(/between 0.1 and 300 seconds/)
  })

  it.each(['0', '70000', 'http', '3000.5'])('refuses PORT %j', (value) => {
    expect(issues({ PORT: value })[0]).toMatch(/^PORT: /)
  })

  it('reads RATE_LIMIT as true/false, true by default', () => {
    expect(parseEnv({ RATE_LIMIT: 'false' }).RATE_LIMIT).toBe(false)
    expect(parseEnv({ RATE_LIMIT: 'true' }).RATE_LIMIT).toBe(true)
    expect(issues({ RATE_LIMIT: 'off' })[0]).toMatch(/^RATE_LIMIT: /)
  })

  it('reports every invalid variable, not only the first', () => {
    const found = issues({ BASE_URL: 'x', ENV_EMOJI: 'x', DEMO_MODE: 'x' }).map((issue) => issue.split(':')[0])
    expect(found.sort()).toEqual(['BASE_URL', 'DEMO_MODE', 'ENV_EMOJI'])
  })
})

describe('shell settings', () => {
  it("without a repository, the documentation and issue links are the app's own about page (never a 404)", () => {
    expect(parseEnv({})).toMatchObject({ REPOSITORY_URL: undefined, DOCS_URL: '/about', ISSUES_URL: '/about#issues' })
    expect([LOCAL_DOCS_URL, LOCAL_ISSUES_URL]).toEqual(['/about', '/about#issues'])
  })

  it("with a repository, the project's own README and issues; DOCS_URL and ISSUES_URL still win", () => {
    expect(parseEnv({ REPOSITORY_URL: 'https://github.com/acme/books/' })).toMatchObject({
      REPOSITORY_URL: 'https://github.com/acme/books',
      DOCS_URL: 'https://github.com/acme/books#readme',
      ISSUES_URL: 'https://github.com/acme/books/issues',
    })
    expect(
      parseEnv({ REPOSITORY_URL: 'https://github.com/acme/books', ISSUES_URL: 'https://tracker.example.com' })
        .ISSUES_URL,
    ).toBe('https://tracker.example.com')
    expect(issues({ REPOSITORY_URL: 'git@github.com:acme/books.git' })).toEqual([
      'REPOSITORY_URL: REPOSITORY_URL must be an http(s) URL',
    ])
  })

  it('has replaceable documentation and issue URLs: http(s) only', () => {
    expect(
      parseEnv({ DOCS_URL: 'https://docs.example.com/', ISSUES_URL: 'http://tracker.local/issues' }),
    ).toMatchObject({
      DOCS_URL: 'https://docs.example.com/',
      ISSUES_URL: 'http://tracker.local/issues',
    })
    expect(parseEnv({ DOCS_URL: ' ' }).DOCS_URL).toBe(LOCAL_DOCS_URL)
    expect(issues({ DOCS_URL: 'docs.example.com', ISSUES_URL: 'javascript:alert(1)' })).toEqual([
      'DOCS_URL: DOCS_URL must be an http(s) URL',
      'ISSUES_URL: ISSUES_URL must be an http(s) URL',
    ])
  })

  it.each(['gold', '#0af', '#3b3fb5', 'rgb(10, 20, 30)', 'hsl(200 50% 40%)'])('accepts ENV_COLOR %j', (value) => {
    expect(parseEnv({ ENV_COLOR: value }).ENV_COLOR).toBe(value)
  })

  it.each(['blurple', '#12', 'red;'])('refuses ENV_COLOR %j', (value) => {
    expect(issues({ ENV_COLOR: value })).toEqual([
      'ENV_COLOR: ENV_COLOR must be a colour: #rgb, #rrggbb, rgb(…), hsl(…) or a CSS colour name',
    ])
  })
})

describe('sign-in settings', () => {
  it('AUTH_SIGNUP is true or false, true by default', () => {
    expect(parseEnv({}).AUTH_SIGNUP).toBe(true)
    expect(parseEnv({ AUTH_SIGNUP: 'false' }).AUTH_SIGNUP).toBe(false)
    expect(issues({ AUTH_SIGNUP: 'no' })).toEqual(['AUTH_SIGNUP: AUTH_SIGNUP must be true or false'])
  })

  it('a provider is configured completely or not at all', () => {
    expect(issues({ GITHUB_CLIENT_ID: 'x' })).toEqual([
      'GITHUB_CLIENT_SECRET: GITHUB_CLIENT_SECRET is required with GITHUB_CLIENT_ID',
    ])
    expect(issues({ OIDC_ISSUER: 'https://id.example.com' })).toEqual([
      'OIDC_CLIENT_ID: OIDC_CLIENT_ID is required with OIDC_ISSUER',
    ])
    expect(issues({ OIDC_ISSUER: 'id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toEqual([
      'OIDC_ISSUER: OIDC_ISSUER must be an http(s) URL',
    ])
    expect(
      parseEnv({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).OIDC_NAME,
    ).toBe('OpenID Connect')
  })
})

describe('request pipeline settings', () => {
  it('defaults to no trusted origin, no proxy and 1 MB bodies', () => {
    const env = parseEnv({ NODE_ENV: 'test' })
    expect(env.TRUSTED_ORIGINS).toEqual([])
    expect(env.TRUST_PROXY).toEqual({ hops: 0 })
    expect(env.MAX_BODY_BYTES).toBe(1048576)
  })

  it('treats their empty values (.env.example) as unset', () => {
    expect(parseEnv({ NODE_ENV: 'test', TRUSTED_ORIGINS: '', TRUST_PROXY: '', MAX_BODY_BYTES: '' })).toMatchObject({
      TRUSTED_ORIGINS: [],
      TRUST_PROXY: { hops: 0 },
      MAX_BODY_BYTES: 1048576,
    })
  })

  it('reads TRUSTED_ORIGINS as origins', () => {
    expect(
      parseEnv({ NODE_ENV: 'test', TRUSTED_ORIGINS: 'https://admin.example.com, http://localhost:5173/' })
        .TRUSTED_ORIGINS,
    ).toEqual(['https://admin.example.com', 'http://localhost:5173'])
    for (const value of ['admin.example.com', 'https://a.example/path', 'ftp://a.example', 'https://a.example?x=1']) {
      expect(issues({ TRUSTED_ORIGINS: value })[0]).toMatch(
        /^TRUSTED_ORIGINS: TRUSTED_ORIGINS must be a comma-separated list of http\(s\) origins/,
      )
    }
  })

  it('trusts the other loopback name of the address in development only: sign-in works at localhost and 127.0.0.1', () => {
    expect(parseEnv({ NODE_ENV: 'development' }).TRUSTED_ORIGINS).toEqual(['http://127.0.0.1:3000'])
    expect(parseEnv({ NODE_ENV: 'development', PORT: '3250' }).TRUSTED_ORIGINS).toEqual(['http://127.0.0.1:3250'])
    expect(
      parseEnv({ NODE_ENV: 'development', BASE_URL: 'http://127.0.0.1:4000', TRUSTED_ORIGINS: 'https://a.example' })
        .TRUSTED_ORIGINS,
    ).toEqual(['https://a.example', 'http://localhost:4000'])
    expect(parseEnv({ NODE_ENV: 'development', BASE_URL: 'https://books.example.com' }).TRUSTED_ORIGINS).toEqual([])
    expect(parseEnv({ NODE_ENV: 'test' }).TRUSTED_ORIGINS).toEqual([])
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), EMAIL_SERVER: 'smtp://localhost:25' }
    expect(parseEnv(production).TRUSTED_ORIGINS).toEqual([])
  })

  it('reads TRUST_PROXY as hops or proxy addresses', () => {
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 })
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.2, ::1' }).TRUST_PROXY).toHaveProperty('proxies')
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.1/8/2', '999.1.1.1', '-1']) {
      expect(issues({ TRUST_PROXY: value })[0], value).toMatch(
        /^TRUST_PROXY: TRUST_PROXY must be a number of proxy hops/,
      )
    }
  })

  it('reads MAX_BODY_BYTES as a number of bytes', () => {
    expect(parseEnv({ MAX_BODY_BYTES: '2048' }).MAX_BODY_BYTES).toBe(2048)
    expect(issues({ MAX_BODY_BYTES: 'lots' })).toEqual(['MAX_BODY_BYTES: MAX_BODY_BYTES must be a number of bytes'])
    expect(issues({ MAX_BODY_BYTES: '10' })).toEqual(['MAX_BODY_BYTES: MAX_BODY_BYTES must be at least 1024'])
    expect(issues({ MAX_BODY_BYTES: '1.5' })).toEqual([
      'MAX_BODY_BYTES: MAX_BODY_BYTES must be a whole number of bytes',
    ])
  })
})

describe('SHUTDOWN_TIMEOUT and SHUTDOWN_DELAY', () => {
  it('are seconds: 10 and 0 by default, decimals allowed', () => {
    expect(parseEnv({})).toMatchObject({ SHUTDOWN_TIMEOUT: 10, SHUTDOWN_DELAY: 0 })
    expect(parseEnv({ SHUTDOWN_TIMEOUT: '2.5', SHUTDOWN_DELAY: '5' })).toMatchObject({
      SHUTDOWN_TIMEOUT: 2.5,
      SHUTDOWN_DELAY: 5,
    })
  })

  it('refuse what is not a number of seconds in range', () => {
    expect(issues({ SHUTDOWN_TIMEOUT: 'ten' })).toEqual([
      'SHUTDOWN_TIMEOUT: SHUTDOWN_TIMEOUT must be a number of seconds',
    ])
    expect(issues({ SHUTDOWN_TIMEOUT: '-1' })).toEqual([
      'SHUTDOWN_TIMEOUT: SHUTDOWN_TIMEOUT must be between 0 and 3600 seconds',
    ])
    expect(issues({ SHUTDOWN_DELAY: '601' })).toEqual([
      'SHUTDOWN_DELAY: SHUTDOWN_DELAY must be between 0 and 600 seconds',
    ])
  })
})

describe('the database timeouts', () => {
  it('are seconds: 5 each by default, decimals allowed, in milliseconds for the database client', () => {
    expect(databaseTimeouts(parseEnv({}))).toEqual({ connectMs: 5000, acquireMs: 5000, queryMs: 5000 })
    expect(
      databaseTimeouts(
        parseEnv({ DATABASE_CONNECT_TIMEOUT: '2', DATABASE_ACQUIRE_TIMEOUT: '0.5', DATABASE_QUERY_TIMEOUT: '30' }),
      ),
    ).toEqual({ connectMs: 2000, acquireMs: 500, queryMs: 30_000 })
  })

  it('refuse what is not a number of seconds in range', () => {
    expect(issues({ DATABASE_CONNECT_TIMEOUT: 'five' })).toEqual([
      'DATABASE_CONNECT_TIMEOUT: DATABASE_CONNECT_TIMEOUT must be a number of seconds',
    ])
    expect(issues({ DATABASE_ACQUIRE_TIMEOUT: '0' })).toEqual([
      'DATABASE_ACQUIRE_TIMEOUT: DATABASE_ACQUIRE_TIMEOUT must be between 0.1 and 3600 seconds',
    ])
    expect(issues({ DATABASE_QUERY_TIMEOUT: '3601' })).toEqual([
      'DATABASE_QUERY_TIMEOUT: DATABASE_QUERY_TIMEOUT must be between 0.1 and 3600 seconds',
    ])
  })
})

describe('the first administrator and the demo data', () => {
  it('seeds demo data in development, tests and demo mode; not in production unless asked', () => {
    expect(parseEnv({}).SEED_DEMO_DATA).toBe(true)
    expect(parseEnv({ NODE_ENV: 'test' }).SEED_DEMO_DATA).toBe(true)
    expect(parseEnv(PRODUCTION).SEED_DEMO_DATA).toBe(false)
    expect(
      parseEnv({ ...PRODUCTION, DEMO_MODE: 'true', DEMO_CONTACT_EMAIL: 'demo@books.example' }).SEED_DEMO_DATA,
    ).toBe(true)
    expect(parseEnv({ ...PRODUCTION, SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true)
    expect(parseEnv({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false)
    expect(parseEnv({ ...PRODUCTION, SEED_DEMO_DATA: '' }).SEED_DEMO_DATA).toBe(false)
  })

  it('refuses a SEED_DEMO_DATA that is not true or false', () => {
    expect(issues({ SEED_DEMO_DATA: 'yes' })).toEqual(['SEED_DEMO_DATA: SEED_DEMO_DATA must be true or false'])
  })

  it('reads ADMIN_EMAIL as an e-mail address, lower-cased; none by default', () => {
    expect(parseEnv({}).ADMIN_EMAIL).toBeUndefined()
    expect(parseEnv({ ADMIN_EMAIL: '' }).ADMIN_EMAIL).toBeUndefined()
    expect(parseEnv({ ...PRODUCTION, ADMIN_EMAIL: 'Ops@Books.Example' }).ADMIN_EMAIL).toBe('ops@books.example')
    expect(issues({ ADMIN_EMAIL: 'admin' })).toEqual(['ADMIN_EMAIL: ADMIN_EMAIL must be an e-mail address'])
  })
})
