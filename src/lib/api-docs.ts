/**
 * Where the API reference lives (docs/decisions/010-api-documentation.md).
 * Read by the server routes and by vite.config.ts, which copies Swagger UI's
 * static files into the build under SWAGGER_UI_PATH.
 */
export const API_DOCS_PATH = '/api/docs'
/** The initialiser of the reference page: a script file, so no inline script is needed. */
export const API_DOCS_SCRIPT_PATH = '/api/docs/init.js'
/** Swagger UI's files (from the swagger-ui-dist package), served by the app itself: no CDN. */
export const SWAGGER_UI_PATH = '/api/docs/swagger-ui'
/** The application API's OpenAPI document (its REST routes under /api/rest). */
export const APP_OPENAPI_PATH = '/api/openapi.json'
/** The auth API's OpenAPI document, from better-auth's openAPI plugin. */
export const AUTH_OPENAPI_PATH = '/api/auth/open-api/generate-schema'
