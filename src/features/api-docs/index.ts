/** The API reference's public entry: what the server routes under /api/docs and /api/openapi.json serve. */
export { API_DOCS_CONTENT_SECURITY_POLICY, API_DOCS_SCRIPT, apiDocsHtml, appOpenApiDocument } from './api-docs.server'
