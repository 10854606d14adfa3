/**
 * What PostgreSQL spends its time on during a benchmark window: pg_stat_statements, loaded into the
 * benchmark's embedded server (BENCH_PG_STATEMENTS=1) and read beside the CPU figures, so a step
 * whose PostgreSQL holds the cores names the statements that do it.
 */
import type pg from 'pg';

/** The settings that load the extension into a new embedded server. */
export const STATEMENT_SETTINGS = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' };

export type StatementCost = { calls: number; totalMs: number; meanMs: number; rows: number; query: string };

/** Creates the extension (the server must have it loaded) and forgets what it counted so far. */
export async function resetStatements(pool: pg.Pool): Promise<void> {
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await pool.query('SELECT pg_stat_statements_reset()');
}

/** The `limit` statements that took the most execution and planning time since the reset. */
export async function costliestStatements(pool: pg.Pool, limit = 10): Promise<StatementCost[]> {
  const result = await pool.query<{ calls: string; total: number; rows: string; query: string }>(
    `SELECT calls, total_exec_time + total_plan_time AS total, rows, query
       FROM pg_stat_statements
      WHERE query NOT ILIKE '%pg_stat_statements%'
      ORDER BY total DESC LIMIT $1`,
    [limit],
  );
  return result.rows.map((row) => ({
    calls: Number(row.calls),
    totalMs: row.total,
    meanMs: row.total / Math.max(1, Number(row.calls)),
    rows: Number(row.rows),
    query: row.query.replace(/\s+/g, ' ').slice(0, 160),
  }));
}

/** One line per statement: total ms, calls, mean ms, rows, and the statement's start. */
export function formatStatements(costs: StatementCost[], seconds: number): string {
  return costs
    .map(
      (cost) =>
        `    ${((cost.totalMs / (seconds * 1000)) * 100).toFixed(1).padStart(5)} % ${String(cost.calls).padStart(7)} calls ${cost.meanMs.toFixed(2).padStart(8)} ms ${String(cost.rows).padStart(8)} rows  ${cost.query}`,
    )
    .join('\n');
}

/** Updates of `table` since the server started, and how many were HOT (no index touched). */
export async function updatesOf(pool: pg.Pool, table: string): Promise<{ updates: number; hot: number }> {
  const { rows } = await pool.query<{ n_tup_upd: string; n_tup_hot_upd: string }>(
    'SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = $1',
    [table],
  );
  return { updates: Number(rows[0]?.n_tup_upd ?? 0), hot: Number(rows[0]?.n_tup_hot_upd ?? 0) };
}
