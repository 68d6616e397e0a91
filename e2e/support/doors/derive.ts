// Every door of the app, read from the code itself (never a hand-written list):
// the page route tree, the oRPC router and better-auth's endpoints. A route added
// to any of them shows up here, and the door tests then ask for its expectation.
//
// The app's modules use Vite features (`import.meta.glob`, path aliases), so they
// are loaded through a throwaway Vite server in SSR mode, not imported directly.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

import { resolveContractProcedures } from '@orpc/server'
import { z } from 'zod'

import { appEnv } from './app-env'

export type JsonSchema = Record<string, unknown>

/** A page (a route with a component, or a redirect-only route): `/manager/books/$id`. */
interface PageRoute {
  path: string
}

/** A file route answering requests itself (`server.handlers`): `/api/health`, `/api/rest/$`. */
interface ServerRoute {
  path: string
  methods: string[]
}

/** One procedure of the app API, in both of its forms. */
export interface Procedure {
  /** `book.list` */
  name: string
  /** Its REST method (RPC takes POST, and GET for reads). */
  method: string
  /** `/api/rest/books/{id}` */
  restPath: string
  /** `/api/rpc/book/list` */
  rpcPath: string
  /** The input as JSON Schema (undefined: no input). */
  input?: JsonSchema
}

/** One better-auth endpoint: `/api/auth/admin/ban-user`. */
export interface AuthEndpoint {
  path: string
  methods: string[]
  body?: JsonSchema
  query?: JsonSchema
}

export interface DerivedRoutes {
  pages: PageRoute[]
  serverRoutes: ServerRoute[]
  procedures: Procedure[]
  authEndpoints: AuthEndpoint[]
  /** Files that still declare TanStack server functions (another door, at /_serverFn). */
  serverFunctionFiles: string[]
}

const RPC_PREFIX = '/api/rpc'
export const REST_PREFIX = '/api/rest'
export const AUTH_PREFIX = '/api/auth'

const root = path.resolve(import.meta.dirname, '../../..')

interface RouteNode {
  options?: { path?: string; component?: unknown; server?: { handlers?: Record<string, unknown> } }
  children?: Record<string, RouteNode> | RouteNode[]
}

/** `/app` + `/books/$id` → `/app/books/$id`; trailing slashes dropped (`/login/` is `/login`). */
function joinPath(parent: string, own: string | undefined) {
  const joined = `${parent}/${own ?? ''}`.replace(/\/+/g, '/')
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined
}

function walkRouteTree(
  node: RouteNode,
  parent: string,
  pages: Map<string, PageRoute>,
  servers: Map<string, ServerRoute>,
) {
  for (const child of Object.values(node.children ?? {})) {
    const full = joinPath(parent, child.options?.path)
    const handlers = Object.keys(child.options?.server?.handlers ?? {})
    if (handlers.length > 0) servers.set(full, { path: full, methods: handlers.map((m) => m.toUpperCase()) })
    if (handlers.length === 0 || child.options?.component) pages.set(full, { path: full })
    walkRouteTree(child, full, pages, servers)
  }
}

function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    return undefined
  }
}

function serverFunctionFiles(dir = path.join(root, 'src')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return serverFunctionFiles(file)
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return []
    return /\bcreateServerFn\s*\(/.test(readFileSync(file, 'utf8')) ? [path.relative(root, file)] : []
  })
}

let derived: Promise<DerivedRoutes> | undefined

/** The app's routes, derived once per process. */
export function deriveRoutes(): Promise<DerivedRoutes> {
  derived ??= load()
  return derived
}

async function load(): Promise<DerivedRoutes> {
  const { createServer } = await import('vite')
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { tsconfigPaths: true },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    const { routeTree } = (await vite.ssrLoadModule('/src/routeTree.gen.ts')) as { routeTree: RouteNode }
    const pages = new Map<string, PageRoute>()
    const servers = new Map<string, ServerRoute>()
    walkRouteTree(routeTree, '', pages, servers)

    const { router } = (await vite.ssrLoadModule('/src/server/api/router.server.ts')) as { router: object }
    const procedures: Procedure[] = []
    await resolveContractProcedures({ router: router as never, path: [] }, ({ contract, path: keys }) => {
      const def = contract['~orpc']
      const route = def.route
      procedures.push({
        name: keys.join('.'),
        method: (route.method ?? 'POST').toUpperCase(),
        restPath: REST_PREFIX + (route.path ?? `/${keys.join('/')}`),
        rpcPath: `${RPC_PREFIX}/${keys.join('/')}`,
        input: toJsonSchema(def.inputSchema),
      })
    })

    // Built with the same settings as the instance under test, on no database:
    // building better-auth does not query it, and only the endpoint list is read.
    const { createAuth } = await vite.ssrLoadModule('/src/server/auth/auth.server.ts')
    const { parseEnv } = await vite.ssrLoadModule('/src/lib/env.server.ts')
    const { authEndpointRoutes } = await vite.ssrLoadModule('/src/server/auth/internals.server.ts')
    const env = parseEnv({ ...appEnv(1), BASE_URL: 'http://localhost:1' })
    const auth = createAuth({}, env) as { api: Record<string, { options?: { body?: unknown; query?: unknown } }> }
    const byPath = new Map(Object.values(auth.api).map((endpoint) => [(endpoint as { path?: string }).path, endpoint]))
    const authEndpoints = (authEndpointRoutes(auth.api) as Array<{ path: string; methods: string[] }>).map((route) => {
      const options = byPath.get(route.path)?.options
      return {
        path: AUTH_PREFIX + route.path,
        methods: route.methods,
        body: toJsonSchema(options?.body),
        query: toJsonSchema(options?.query),
      }
    })

    return {
      pages: [...pages.values()],
      serverRoutes: [...servers.values()],
      procedures,
      authEndpoints,
      serverFunctionFiles: serverFunctionFiles(),
    }
  } finally {
    await vite.close()
  }
}
