import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@/server/db/unavailable.server'
import { logger } from '@/server/platform/logger.server'

import { type PipelineStep, withResponseHeaders } from './pipeline.server'
import { refusal } from './refusal.server'

const RETRY_AFTER = String(UNAVAILABLE_RETRY_AFTER_SECONDS)

/**
 * The last guard: anything a route throws becomes a translated answer,
 * never a stack trace or framework text. A database that cannot be
 * reached is a 503 with Retry-After; anything else is logged and answered 500.
 */
export const errorAnswers: PipelineStep = async (request, next) => {
  let response: Response
  try {
    response = await next(request)
  } catch (error) {
    if (request.signal.aborted) throw error
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error }, 'database unavailable')
      return refusal(request, 'SERVICE_UNAVAILABLE', { 'retry-after': RETRY_AFTER })
    }
    logger.error({ err: error }, 'request failed')
    return refusal(request, 'INTERNAL_SERVER_ERROR')
  }
  // A route's own 503 (the API's SERVICE_UNAVAILABLE, a page whose session could not be read) says when to come back too.
  if (response.status === 503 && !response.headers.has('retry-after')) {
    return withResponseHeaders(response, (headers) => headers.set('retry-after', RETRY_AFTER))
  }
  return response
}
