import { isDatabaseUnavailable } from '@/server/db/unavailable.server'
import { logger } from '@/server/logger.server'

import type { PipelineStep } from './pipeline.server'
import { refusal } from './refusal.server'

/**
 * The last guard: anything a route throws becomes a translated answer,
 * never a stack trace or framework text. A database that cannot be
 * reached is a 503; anything else is logged and answered 500.
 */
export const errorAnswers: PipelineStep = async (request, next) => {
  try {
    return await next(request)
  } catch (error) {
    if (request.signal.aborted) throw error
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error }, 'database unavailable')
      return refusal(request, 'SERVICE_UNAVAILABLE', { 'retry-after': '5' })
    }
    logger.error({ err: error }, 'request failed')
    return refusal(request, 'INTERNAL_SERVER_ERROR')
  }
}
