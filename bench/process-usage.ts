/**
 * CPU and memory of the processes a benchmark runs beside its load, read from /proc: where a request's
 * cost goes (the API's process, PostgreSQL's, the load generator's own) when they share the cores.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Fields 14 and 15 of /proc/<pid>/stat (after the command's parenthesis): user and system ticks, in seconds. */
function cpuSecondsOfStat(stat: string): number {
  const [utime = 0, stime = 0] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return (utime + stime) / 100;
}

/** A process's RSS and CPU seconds so far (this process's own through node). */
export function usageOf(pid: number): { rss: number; cpuSeconds: number } {
  if (pid === process.pid) {
    const cpu = process.cpuUsage();
    return { rss: process.memoryUsage().rss, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  }
  const rssKib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { rss: rssKib * 1024, cpuSeconds: cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8')) };
}

/** CPU seconds so far of every PostgreSQL process on the machine (servers and backends), by pid. */
export type PostgresCpu = Map<number, number>;

export function postgresCpu(): PostgresCpu {
  const seconds: PostgresCpu = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') seconds.set(Number(entry), cpuSecondsOfStat(stat));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return seconds;
}

/**
 * PostgreSQL's CPU seconds between two readings: what each process running at the second used since
 * the first (all of it for one that started between). A backend that ended between them is left
 * out, so the figure can only be short, never negative nor a burst of a long-lived backend's time.
 */
export function postgresCpuBetween(before: PostgresCpu, after: PostgresCpu): number {
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}
