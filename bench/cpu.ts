/**
 * CPU time of the processes a bench run shares the machine's cores with, in
 * nanoseconds (Linux /proc): the server, PostgreSQL. Divided by the requests
 * answered, it tells where a request's machine time goes.
 */
import { readdirSync, readFileSync } from 'node:fs'

/** The CPU time a process's threads have run (/proc/PID/task/TID/schedstat, first field). */
export function cpuNanoseconds(pid: number): number {
  let total = 0
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return total
}

/** /proc/PID/stat's clock ticks: 100 a second on Linux (USER_HZ). */
const TICK_NANOSECONDS = 1e9 / 100

/**
 * A /proc/PID/stat line's process name and CPU ticks: its own (user, system)
 * and its ended children's. The name is in brackets and may hold spaces and
 * brackets itself, so the fields are counted from the last `)`.
 */
export function statTicks(stat: string): { name: string; ticks: number } {
  const nameEnd = stat.lastIndexOf(')')
  // After the name: state, ppid, … utime (the 12th), stime, cutime, cstime.
  const fields = stat.slice(nameEnd + 2).split(' ')
  return {
    name: stat.slice(stat.indexOf('(') + 1, nameEnd),
    ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
  }
}

/**
 * Every PostgreSQL process's CPU time, with what its ended children left in
 * theirs (the postmaster's: backends that closed during the run).
 */
export function postgresCpuNanoseconds(): number {
  let ticks = 0
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const process = statTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'))
      if (process.name === 'postgres') ticks += process.ticks
    } catch {
      // A process that ended between the listing and the read.
    }
  }
  return ticks * TICK_NANOSECONDS
}
