import { parseColor, readableTextColor, toHex } from '@/lib/color'
import type { Env } from '@/lib/env.server'

/** The badge's colour when ENV_NAME is set without ENV_COLOR (zinc 700). */
export const DEFAULT_BADGE_COLOR = '#3f3f46'

export interface EnvironmentBadgeData {
  name: string
  emoji: string | null
  /** Background, as a hex colour. */
  color: string
  /** Black or white, whichever reads better on `color`. */
  textColor: string
}

/** The environment badge to show on every page, or null when ENV_NAME is unset. */
export function environmentBadge(
  config: Pick<Env, 'ENV_NAME' | 'ENV_EMOJI' | 'ENV_COLOR'>,
): EnvironmentBadgeData | null {
  if (!config.ENV_NAME) return null
  // ENV_COLOR was validated at start-up; the fallback only covers an unset one.
  const rgb = parseColor(config.ENV_COLOR ?? DEFAULT_BADGE_COLOR) ?? parseColor(DEFAULT_BADGE_COLOR)!
  return {
    name: config.ENV_NAME,
    emoji: config.ENV_EMOJI ?? null,
    color: toHex(rgb),
    textColor: readableTextColor(rgb),
  }
}
