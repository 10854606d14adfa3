import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { JOB_SCHEMA } from './queue';

const jobTable = sql.raw(`${JOB_SCHEMA}.job`);

/** A failure no retry can mend: the job's attempts end now (pg-boss then marks it failed, not retry). */
export async function giveUpJob(db: Tx, name: string, id: string): Promise<void> {
  await db.execute(sql`UPDATE ${jobTable} SET retry_limit = retry_count WHERE name = ${name} AND id = ${id}`);
}

/** pg-boss's states, in the words the console shows. */
const STATE_NAMES: Record<string, JobStateName> = {
  created: 'queued',
  retry: 'retrying',
  active: 'active',
  failed: 'failed',
  completed: 'completed',
};
export type JobStateName = 'queued' | 'active' | 'retrying' | 'failed' | 'completed';

export type QueueCounts = { name: string } & Record<JobStateName, number>;

/** Jobs per queue and state, over what pg-boss still keeps (completed jobs are archived after 12 h). */
export async function countJobsByQueue(db: Tx, names: readonly string[]): Promise<QueueCounts[]> {
  const { rows } = await db.execute<{ name: string; state: string; count: number }>(
    sql`SELECT name, state::text AS state, count(*)::int AS count FROM ${jobTable} GROUP BY name, state`,
  );
  const queues = new Map<string, QueueCounts>();
  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = { name, queued: 0, active: 0, retrying: 0, failed: 0, completed: 0 };
      queues.set(name, queue);
    }
    return queue;
  };
  for (const name of names) queueOf(name);
  for (const row of rows) {
    const state = STATE_NAMES[row.state];
    if (state) queueOf(row.name)[state] += row.count;
  }
  return [...queues.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export type JobFailure = { id: string; name: string; error: string; attempts: number; failedAt: string };

/** The latest failed jobs with their last error; payloads stay out (they may name people). */
export async function latestJobFailures(db: Tx, limit: number): Promise<JobFailure[]> {
  const { rows } = await db.execute<{ id: string; name: string; error: string | null; attempts: number; failed_at: string | Date }>(
    sql`SELECT id, name, COALESCE(output->>'message', output::text) AS error, retry_count + 1 AS attempts, completed_on AS failed_at
        FROM ${jobTable} WHERE state = 'failed' ORDER BY completed_on DESC NULLS LAST LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    error: row.error ?? '',
    attempts: Number(row.attempts),
    failedAt: new Date(row.failed_at).toISOString(),
  }));
}
