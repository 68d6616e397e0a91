import { OpenAPIGenerator } from '@orpc/openapi'
import { ZodToJsonSchemaConverter } from '@orpc/zod/zod4'

import { API_DOCS_SCRIPT_PATH, APP_OPENAPI_PATH, AUTH_OPENAPI_PATH, SWAGGER_UI_PATH } from '@/lib/api-docs'
import { languageFromRequest } from '@/lib/i18n/detect.server'
import { createI18n } from '@/lib/i18n/instance'
import { loadMessages } from '@/lib/i18n/messages'
import { REST_PREFIX } from '@/server/api/handlers.server'
import { router } from '@/server/api/router.server'
import { contentSecurityPolicy } from '@/server/http/security-headers.server'

/** The name of the session cookie (`__Secure-` prefixed over HTTPS). */
const SESSION_COOKIE = 'better-auth.session_token'

let appDocument: Promise<unknown> | undefined

/**
 * The application API's OpenAPI 3.1 document, generated once per process
 * from the router: every procedure's REST route, zod input and output.
 */
export function appOpenApiDocument(): Promise<unknown> {
  appDocument ??= new OpenAPIGenerator({ schemaConverters: [new ZodToJsonSchemaConverter()] })
    .generate(router, {
      info: {
        title: 'Start Books API',
        version: '1.0.0',
        description:
          'The application API: the same procedures the app calls over /api/rpc, as REST. ' +
          'Routes need the session cookie of a signed-in user (sign in with the auth API), except the public ones (session, sign-in options, shell, demo); ' +
          "errors carry a message in the caller's language and `data: { key, values?, fields? }`.",
      },
      servers: [{ url: REST_PREFIX }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'Set by signing in (auth API).',
          },
        },
      },
      security: [{ sessionCookie: [] }],
    })
    .catch((error: unknown) => {
      appDocument = undefined
      throw error
    })
  return appDocument
}

/**
 * The reference page's own policy: Swagger UI runs from script files of the
 * app's origin (no inline script, so no nonce), sets inline styles and shows
 * data: images; it fetches the two documents and sends 'Try it out' requests
 * to the app's own origin.
 */
export const API_DOCS_CONTENT_SECURITY_POLICY = contentSecurityPolicy("'self'")

/** What the page's script reads (a JSON data block: no inline script runs). */
interface ApiDocsConfig {
  urls: Array<{ url: string; name: string }>
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** `<` cannot close the JSON block early. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The API reference page: Swagger UI (served from SWAGGER_UI_PATH) with a
 * selector between the application API and the auth API. Its own texts are
 * in the caller's language; Swagger UI itself speaks English only, hence the
 * document's language.
 */
export async function apiDocsHtml(request: Request): Promise<string> {
  const language = languageFromRequest(new URL(request.url), request.headers)
  const { t } = createI18n(language, await loadMessages(language, { namespaces: ['shell'] }))
  const config: ApiDocsConfig = {
    urls: [
      { url: APP_OPENAPI_PATH, name: t('shell:apiDocs.appApi') },
      { url: AUTH_OPENAPI_PATH, name: t('shell:apiDocs.authApi') },
    ],
  }
  const title = `${t('shell:nav.apiDocumentation')} · ${t('shell:appName')}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title lang="${language}">${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${SWAGGER_UI_PATH}/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<noscript><p lang="${language}">${escapeHtml(t('shell:apiDocs.noscript'))}</p></noscript>
<script id="api-docs-config" type="application/json">${jsonForScript(config)}</script>
<script src="${SWAGGER_UI_PATH}/swagger-ui-bundle.js"></script>
<script src="${SWAGGER_UI_PATH}/swagger-ui-standalone-preset.js"></script>
<script src="${API_DOCS_SCRIPT_PATH}"></script>
</body>
</html>
`
}

/**
 * Starts Swagger UI with the documents of the config block. No validator
 * badge (it would call validator.swagger.io): the page makes no request
 * outside the app.
 */
export const API_DOCS_SCRIPT = `(function () {
  var config = JSON.parse(document.getElementById('api-docs-config').textContent);
  window.ui = SwaggerUIBundle({
    urls: config.urls,
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout'
  });
})();
`
