import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PostgreSQL's defaults fit a machine of 2005 (128 MB of shared buffers, 4 MB per sort): a
 * million-row list read from disk instead of memory. The embedded server gets settings sized to
 * the memory of the machine it runs on, written once into `ebox-tuning.conf` in its data folder and
 * included from postgresql.conf; a data folder created before this is given them on its next start.
 * A file already there is kept as it is, so an administrator's edits win. docs/postgresql.md gives
 * the same settings for an external server.
 */

export const TUNING_FILE = 'ebox-tuning.conf';
const INCLUDE = `include_if_exists = '${TUNING_FILE}'`;
const MB = 1024 * 1024;

/** The memory this process may use: the machine's, or the container's limit when lower (cgroup v2). */
export function availableMemory(): number {
  const total = os.totalmem();
  try {
    const limit = Number(readFileSync('/sys/fs/cgroup/memory.max', 'utf8').trim());
    return Number.isFinite(limit) && limit > 0 ? Math.min(total, limit) : total;
  } catch {
    return total;
  }
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, Math.floor(value)));

/**
 * The settings for `memory` bytes. The embedded server shares the machine with the API (and the
 * machine may be someone's laptop), so it takes a quarter for its buffers, capped at 2 GB, and
 * counts on half as the operating system's file cache.
 */
export function tunedSettings(memory: number): Record<string, string> {
  const mb = memory / MB;
  return {
    shared_buffers: `${clamp(mb / 4, 128, 2048)}MB`,
    effective_cache_size: `${clamp(mb / 2, 256, 65536)}MB`,
    // Per sort or hash of each query: a list sorted by a column it has no index for sorts in memory.
    work_mem: `${clamp(mb / 256, 4, 64)}MB`,
    maintenance_work_mem: `${clamp(mb / 16, 64, 1024)}MB`,
    // SSDs: a random read costs about what a sequential one does, so indexes are worth using.
    random_page_cost: '1.1',
    effective_io_concurrency: '200',
    max_wal_size: '2GB',
    min_wal_size: '256MB',
    checkpoint_completion_target: '0.9',
  };
}

/**
 * Writes the tuning file (when missing) and includes it from postgresql.conf (when not yet).
 * `extra` settings join the file when it is written (a benchmark's statement statistics).
 */
export function ensureTuning(dataDir: string, memory = availableMemory(), extra: Record<string, string> = {}): void {
  const file = path.join(dataDir, TUNING_FILE);
  if (!existsSync(file)) {
    const lines = Object.entries({ ...tunedSettings(memory), ...extra }).map(([name, value]) => `${name} = '${value}'`);
    writeFileSync(
      file,
      `# Written by Ebox Console for ${Math.round(memory / MB)} MB of memory (docs/postgresql.md); edit freely, it is kept.\n${lines.join('\n')}\n`,
    );
  }
  const conf = path.join(dataDir, 'postgresql.conf');
  const current = readFileSync(conf, 'utf8');
  if (!current.split('\n').some((line) => line.trim() === INCLUDE)) writeFileSync(conf, `${current.trimEnd()}\n\n${INCLUDE}\n`);
}
