import type { Env } from '@/lib/env.server'
import type { Auth } from '@/server/auth/auth.server'
import type { Database } from '@/server/db/client.server'
import { pageCache } from '@/server/fast-paths/page-cache.server'
import { sharedRender } from '@/server/fast-paths/shared-render.server'
import { FORM_POST_PAGES } from '@/server/forms/form-pages.server'
import { bodyLimits } from '@/server/http/body-limits.server'
import { clientAddress } from '@/server/http/client-address.server'
import { compression } from '@/server/http/compression.server'
import { crossSiteRefusal } from '@/server/http/cross-site.server'
import { errorAnswers } from '@/server/http/errors.server'
import { knownHost } from '@/server/http/known-host.server'
import { languageCookie } from '@/server/http/language-cookie.server'
import { methodCheck } from '@/server/http/methods.server'
import type { PipelineStep } from '@/server/http/pipeline.server'
import { securityHeaders } from '@/server/http/security-headers.server'
import { urlLimits } from '@/server/http/url-limits.server'
import { PICTURE_UPLOAD_PATHS } from '@/server/pictures/upload-paths.server'

export type PipelineConfig = Pick<
  Env,
  'BASE_URL' | 'TRUSTED_ORIGINS' | 'TRUST_PROXY' | 'MAX_BODY_BYTES' | 'MAX_UPLOAD_BYTES'
>

/**
 * The steps every request goes through, outermost first
 * (docs/decisions/012-request-pipeline.md): the answer's encoding (it sees
 * the final answer), who the client is, the headers every answer carries,
 * then the refusals, cheapest first, so that nothing a route does can skip them;
 * last, the pages rendered once per language for every anonymous visitor,
 * and the signed-in pages rendered once per role for everyone (each answer with its own nonce).
 */
export function requestSteps(
  config: PipelineConfig,
  socketAddress: (request: Request) => string | undefined,
  sharedRenderServices: () => Promise<{ db: Database; auth: Auth }> = processServices,
): PipelineStep[] {
  return [
    compression,
    clientAddress(config.TRUST_PROXY, socketAddress),
    // After clientAddress: a copied request no longer carries the socket's address.
    knownHost(config.BASE_URL, config.TRUSTED_ORIGINS),
    securityHeaders({ https: config.BASE_URL.startsWith('https:') }),
    errorAnswers,
    languageCookie,
    methodCheck(FORM_POST_PAGES),
    urlLimits,
    crossSiteRefusal([new URL(config.BASE_URL).origin, ...config.TRUSTED_ORIGINS], PICTURE_UPLOAD_PATHS),
    bodyLimits(config.MAX_BODY_BYTES, { paths: PICTURE_UPLOAD_PATHS, maxBytes: config.MAX_UPLOAD_BYTES }),
    pageCache(),
    sharedRender(sharedRenderServices),
  ]
}

// Imported on first use (they open the database), then kept: an import() per request is not free.
let modules:
  Promise<[typeof import('@/server/db/index.server'), typeof import('@/server/auth/auth.server')]> | undefined

/** The process's database and auth (tests give their own). */
async function processServices() {
  modules ??= Promise.all([import('@/server/db/index.server'), import('@/server/auth/auth.server')])
  const [{ getDb }, { getAuth }] = await modules
  return { db: await getDb(), auth: await getAuth() }
}
