/**
 * CPU and memory of the processes a benchmark runs beside its load, read from /proc: where a request's
 * cost goes (the API's process, PostgreSQL's, the load generator's own) when they share the cores.
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Fields 14 and 15 of /proc/<pid>/stat (after the command's parenthesis): user and system ticks, in
 * seconds; with `reaped`, also 16 and 17, the ticks of its children that have ended.
 */
function cpuSecondsOfStat(stat: string, reaped = false): number {
  const [utime = 0, stime = 0, cutime = 0, cstime = 0] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 15)
    .map(Number);
  return (utime + stime + (reaped ? cutime + cstime : 0)) / 100;
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

/**
 * CPU seconds of every PostgreSQL process on the machine so far: the servers and their backends,
 * and the backends that have ended (counted in their server's children's time once it reaps them).
 */
export function postgresCpuSeconds(): number {
  let seconds = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') seconds += cpuSecondsOfStat(stat, true);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return seconds;
}
