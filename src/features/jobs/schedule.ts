/**
 * A job's schedule in words (issue 42): the cron strings the app's jobs use (every minute, every
 * day, one day a week, at a UTC time) as a message key and its values; anything else stays the
 * cron string itself (`key` undefined).
 */
export type ScheduleWords =
  | { key: 'schedules.everyMinute'; values?: undefined }
  | { key: 'schedules.daily'; values: { time: string } }
  | { key: 'schedules.weekly'; values: { time: string; day: string } }
  | { key?: undefined; values?: undefined }

const NUMBER = /^\d{1,2}$/

/** `language`'s name of a weekday (0 = Sunday, as cron counts), e.g. 'Sunday', 'dimanche'. */
function weekday(day: number, language: string) {
  // 2023-01-01 was a Sunday; read in UTC, as the schedules are.
  const date = new Date(Date.UTC(2023, 0, 1 + (day % 7)))
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(date)
}

export function scheduleWords(cron: string, language: string): ScheduleWords {
  const fields = cron.trim().split(/\s+/)
  if (fields.length !== 5) return {}
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string]
  if (fields.every((field) => field === '*')) return { key: 'schedules.everyMinute' }
  if (!NUMBER.test(minute) || !NUMBER.test(hour) || dayOfMonth !== '*' || month !== '*') return {}
  const time = `${hour.padStart(2, '0')}:${minute.padStart(2, '0')}`
  if (dayOfWeek === '*') return { key: 'schedules.daily', values: { time } }
  if (/^[0-7]$/.test(dayOfWeek))
    return { key: 'schedules.weekly', values: { time, day: weekday(Number(dayOfWeek), language) } }
  return {}
}
