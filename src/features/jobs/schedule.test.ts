import { describe, expect, it } from 'vitest'

import { scheduleWords } from './schedule'

describe('scheduleWords', () => {
  it('says the schedules the jobs use in words', () => {
    expect(scheduleWords('* * * * *', 'en')).toEqual({ key: 'schedules.everyMinute' })
    expect(scheduleWords('0 3 * * *', 'en')).toEqual({ key: 'schedules.daily', values: { time: '03:00' } })
    expect(scheduleWords('25 3 * * *', 'en')).toEqual({ key: 'schedules.daily', values: { time: '03:25' } })
    expect(scheduleWords('30 3 * * 0', 'en')).toEqual({
      key: 'schedules.weekly',
      values: { time: '03:30', day: 'Sunday' },
    })
    expect(scheduleWords('30 3 * * 0', 'fr').values).toEqual({ time: '03:30', day: 'dimanche' })
  })

  it('leaves any other cron as it is', () => {
    for (const cron of ['*/5 * * * *', '0 3 1 * *', '0 3 * * 1-5', 'not a cron'])
      expect(scheduleWords(cron, 'en')).toEqual({})
  })
})
