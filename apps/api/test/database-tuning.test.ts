import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { availableMemory, TUNING_FILE, tunedSettings } from '../src/platform/db/tuning';

/**
 * Issue 9, item 6: the embedded PostgreSQL runs with memory settings sized to the machine, not
 * PostgreSQL's defaults (128 MB of buffers), written once into its data folder, and a folder made
 * before that gets them on its next start.
 */

const MB = 1024 * 1024;

/** What the running server uses, in bytes for sizes. */
async function settingsOf(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'effective_cache_size', 'maintenance_work_mem', 'random_page_cost')`,
    );
    const unitBytes: Record<string, number> = { '8kB': 8192, kB: 1024, MB };
    return Object.fromEntries(rows.map((row) => [row.name, Number(row.setting) * (row.unit ? (unitBytes[row.unit] ?? 1) : 1)]));
  } finally {
    await client.end();
  }
}

const megabytes = (value: string | undefined) => Number(value?.replace('MB', '')) * MB;

describe('the embedded PostgreSQL, tuned for the machine', () => {
  it('sizes memory from what the machine has, within bounds', () => {
    expect(tunedSettings(8192 * MB)).toMatchObject({
      shared_buffers: '2048MB',
      effective_cache_size: '4096MB',
      work_mem: '32MB',
      maintenance_work_mem: '512MB',
      random_page_cost: '1.1',
    });
    expect(tunedSettings(1024 * MB)).toMatchObject({ shared_buffers: '256MB', work_mem: '4MB', maintenance_work_mem: '64MB' });
    // A big server still leaves most memory to the API and the file cache.
    expect(tunedSettings(256 * 1024 * MB).shared_buffers).toBe('2048MB');
  });

  it('runs with the tuned settings, and gives them to a data folder created before them', { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ebox-tuning-'));
    chmodSync(dir, 0o755);
    const dataDir = path.join(dir, 'pg');
    const expected = tunedSettings(availableMemory());
    const expectTuned = (settings: Record<string, number>) => {
      expect(settings.shared_buffers).toBe(megabytes(expected.shared_buffers));
      expect(settings.work_mem).toBe(megabytes(expected.work_mem));
      expect(settings.effective_cache_size).toBe(megabytes(expected.effective_cache_size));
      expect(settings.random_page_cost).toBe(1.1);
    };
    try {
      const fresh = await startEmbeddedPostgres({ dir: dataDir, port: 0 });
      expectTuned(await settingsOf(fresh.adminUrl));
      await fresh.stop();

      // A folder as an older release left it: PostgreSQL's own configuration only.
      const conf = path.join(dataDir, 'postgresql.conf');
      writeFileSync(conf, readFileSync(conf, 'utf8').replace(`include_if_exists = '${TUNING_FILE}'`, ''));
      rmSync(path.join(dataDir, TUNING_FILE));
      const older = await startEmbeddedPostgres({ dir: dataDir, port: 0 });
      try {
        expectTuned(await settingsOf(older.adminUrl));
        expect(readFileSync(conf, 'utf8').match(/include_if_exists = 'ebox-tuning.conf'/g)).toHaveLength(1);
      } finally {
        await older.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
