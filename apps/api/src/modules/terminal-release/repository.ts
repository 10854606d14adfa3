import type { FleetVersionCount, SoftwareHistoryRow, SoftwareUpdateState } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

/**
 * The SQL of software releases (issue 31): which lockers a release reaches, and its per-locker rows
 * (terminal_release_target). Rules live in the service and in packages/domain/src/releases.
 */

export type TargetRow = {
  id: string;
  releaseId: string;
  eboxId: string;
  company: string | null;
  stage: number;
  position: number;
  state: SoftwareUpdateState;
  attempt: number;
  sequence: number;
  reason: string | null;
  transactionId: string | null;
  previousVersion: string | null;
  sentAt: string | null;
  updatedAt: string;
};

type RawTarget = {
  id: string;
  release_id: string;
  ebox_id: string;
  company_id: string | null;
  stage: number;
  position: number;
  state: SoftwareUpdateState;
  attempt: number;
  sequence: number;
  reason: string | null;
  transaction_id: string | null;
  previous_version: string | null;
  sent_at: string | Date | null;
  updated_at: string | Date;
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function targetOf(row: RawTarget): TargetRow {
  return {
    id: row.id,
    releaseId: row.release_id,
    eboxId: row.ebox_id,
    company: row.company_id,
    stage: Number(row.stage),
    position: Number(row.position),
    state: row.state,
    attempt: Number(row.attempt),
    sequence: Number(row.sequence),
    reason: row.reason,
    transactionId: row.transaction_id,
    previousVersion: row.previous_version,
    sentAt: iso(row.sent_at),
    updatedAt: iso(row.updated_at) ?? '',
  };
}

export type ReleaseTargeting = {
  company: string;
  target: string;
  group: string | null;
  cluster: string | null;
  ebox: readonly string[];
};

/** The company's lockers a release reaches, in a stable order (code, then id): stages are cut from it. */
export async function findTargetLockers(db: Tx, release: ReleaseTargeting): Promise<{ id: string; applicationVersion: string | null }[]> {
  const where =
    release.target === 'group'
      ? sql`e.id IN (SELECT unnest(g.ebox) FROM locker_group g WHERE g.id = ${release.group})`
      : release.target === 'cluster'
        ? sql`e.id IN (SELECT ce.ebox_id FROM cluster_ebox ce WHERE ce.cluster_id = ${release.cluster})`
        : release.target === 'ebox'
          ? sql`e.id = ANY(${`{${release.ebox.join(',')}}`}::uuid[])`
          : sql`true`;
  const { rows } = await db.execute<{ id: string; application_version: string | null }>(sql`
    SELECT e.id, e.application_version FROM ebox e
    WHERE e.company_id = ${release.company} AND ${where}
    ORDER BY e.code, e.id`);
  return rows.map((row) => ({ id: row.id, applicationVersion: row.application_version }));
}

export async function insertTargets(
  db: Tx,
  releaseId: string,
  company: string,
  rows: readonly { eboxId: string; stage: number; position: number; previousVersion: string | null }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    await db.execute(sql`
      INSERT INTO terminal_release_target (release_id, ebox_id, company_id, stage, position, previous_version)
      SELECT ${releaseId}::uuid, t.ebox_id, ${company}::uuid, t.stage, t.position, t.previous_version
      FROM jsonb_to_recordset(${JSON.stringify(
        chunk.map((row) => ({ ebox_id: row.eboxId, stage: row.stage, position: row.position, previous_version: row.previousVersion })),
      )}::jsonb) AS t(ebox_id uuid, stage int, position int, previous_version text)`);
  }
}

/** The lockers of stages up to `stage` still to command: never sent, or a re-send not yet published. */
export async function findUnsentTargets(db: Tx, releaseId: string, stage: number): Promise<{ eboxId: string; attempt: number }[]> {
  const { rows } = await db.execute<{ ebox_id: string; attempt: number }>(sql`
    SELECT ebox_id, attempt FROM terminal_release_target
    WHERE release_id = ${releaseId} AND stage <= ${stage}
      AND (state = 'waiting' OR (state = 'sent' AND transaction_id IS NULL))
    ORDER BY position`);
  return rows.map((row) => ({ eboxId: row.ebox_id, attempt: Number(row.attempt) }));
}

/** A locker back online: its unsent rows in running releases that have reached their stage. */
export async function findUnsentOfLocker(db: Tx, eboxId: string): Promise<{ releaseId: string; attempt: number }[]> {
  const { rows } = await db.execute<{ release_id: string; attempt: number }>(sql`
    SELECT t.release_id, t.attempt FROM terminal_release_target t
    JOIN terminal_release r ON r.id = t.release_id
    WHERE t.ebox_id = ${eboxId} AND r.status = 'RUNNING' AND t.stage <= r.current_stage
      AND (t.state = 'waiting' OR (t.state = 'sent' AND t.transaction_id IS NULL))`);
  return rows.map((row) => ({ releaseId: row.release_id, attempt: Number(row.attempt) }));
}

/**
 * Takes a locker's command for this process, or answers null when another took it, the release is not
 * running, the locker is offline or its stage has not started: the first command moves waiting → sent
 * (attempt + 1); a re-send (attempt already raised, state sent) marks the attempt claimed. One UPDATE
 * decides, so two API processes never command a locker twice for one attempt.
 */
export async function claimSend(
  db: Tx,
  input: { releaseId: string; eboxId: string; attempt: number; claim: string },
): Promise<TargetRow | null> {
  const { rows } = await db.execute<RawTarget>(sql`
    UPDATE terminal_release_target t SET
      state = 'sent',
      attempt = CASE WHEN t.state = 'waiting' THEN t.attempt + 1 ELSE t.attempt END,
      transaction_id = ${input.claim},
      reason = NULL,
      sent_at = now(),
      updated_at = now()
    FROM terminal_release r, ebox e
    WHERE t.release_id = ${input.releaseId} AND t.ebox_id = ${input.eboxId}
      AND r.id = t.release_id AND r.status = 'RUNNING' AND t.stage <= r.current_stage
      AND e.id = t.ebox_id AND e.status = 'online' AND e.terminal_id IS NOT NULL
      AND ((t.state = 'waiting' AND t.attempt = ${input.attempt})
        OR (t.state = 'sent' AND t.transaction_id IS NULL AND t.attempt = ${input.attempt}))
    RETURNING t.*`);
  return rows[0] ? targetOf(rows[0]) : null;
}

export async function findTarget(db: Tx, releaseId: string, eboxId: string, options: { lock?: boolean } = {}): Promise<TargetRow | null> {
  const { rows } = await db.execute<RawTarget>(sql`
    SELECT * FROM terminal_release_target WHERE release_id = ${releaseId} AND ebox_id = ${eboxId}
    ${options.lock ? sql`FOR UPDATE` : sql``}`);
  return rows[0] ? targetOf(rows[0]) : null;
}

export async function updateTarget(
  db: Tx,
  id: string,
  values: Partial<Pick<TargetRow, 'state' | 'attempt' | 'sequence' | 'reason' | 'transactionId'>>,
): Promise<TargetRow> {
  const sets = [
    values.state !== undefined ? sql`state = ${values.state}` : undefined,
    values.attempt !== undefined ? sql`attempt = ${values.attempt}` : undefined,
    values.sequence !== undefined ? sql`sequence = ${values.sequence}` : undefined,
    values.reason !== undefined ? sql`reason = ${values.reason}` : undefined,
    values.transactionId !== undefined ? sql`transaction_id = ${values.transactionId}` : undefined,
    sql`updated_at = now()`,
  ].filter((part) => part !== undefined);
  const { rows } = await db.execute<RawTarget>(sql`
    UPDATE terminal_release_target SET ${sql.join(sets, sql`, `)} WHERE id = ${id} RETURNING *`);
  const row = rows[0];
  if (!row) throw new Error(`release target ${id} vanished`);
  return targetOf(row);
}

/** How many lockers of each stage are in each state. */
export async function countTargetStates(
  db: Tx,
  releaseId: string,
): Promise<{ stage: number; state: SoftwareUpdateState; count: number }[]> {
  const { rows } = await db.execute<{ stage: number; state: SoftwareUpdateState; count: string }>(sql`
    SELECT stage, state, count(*) AS count FROM terminal_release_target WHERE release_id = ${releaseId} GROUP BY stage, state`);
  return rows.map((row) => ({ stage: Number(row.stage), state: row.state, count: Number(row.count) }));
}

/** The lockers of a release that ended failed or timed out. */
export async function findFailedLockers(db: Tx, releaseId: string): Promise<string[]> {
  const { rows } = await db.execute<{ ebox_id: string }>(sql`
    SELECT ebox_id FROM terminal_release_target WHERE release_id = ${releaseId} AND state IN ('failed', 'timed-out') ORDER BY position`);
  return rows.map((row) => row.ebox_id);
}

/** Lockers silent in a step since before `before`, locked (another process's are skipped). */
export async function lockSilentTargets(db: Tx, states: readonly string[], before: Date, limit: number): Promise<TargetRow[]> {
  const { rows } = await db.execute<RawTarget>(sql`
    SELECT * FROM terminal_release_target
    WHERE state IN (${sql.join(
      states.map((state) => sql`${state}`),
      sql`, `,
    )}) AND updated_at < ${before.toISOString()}
    ORDER BY updated_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`);
  return rows.map(targetOf);
}

/** A release's locker rows with each locker's name and code, in planned order. */
export async function listTargets(
  db: Tx,
  releaseId: string,
): Promise<(TargetRow & { eboxName: string | null; eboxCode: string | null })[]> {
  const { rows } = await db.execute<RawTarget & { ebox_name: string | null; ebox_code: string | null }>(sql`
    SELECT t.*, e.name AS ebox_name, e.code AS ebox_code FROM terminal_release_target t
    JOIN ebox e ON e.id = t.ebox_id WHERE t.release_id = ${releaseId} ORDER BY t.position`);
  return rows.map((row) => ({ ...targetOf(row), eboxName: row.ebox_name, eboxCode: row.ebox_code }));
}

/** What a release sends: a UI build's stored object and digest, or an application version's. */
export type ReleaseBuild = {
  kind: 'ui' | 'application';
  version: string;
  key: string | null;
  sha256: string | null;
  size: number | null;
  company: string | null;
};

export async function findUiBuild(db: Tx, id: string): Promise<ReleaseBuild | null> {
  const { rows } = await db.execute<{
    identification: string | null;
    key_s3: string | null;
    sha256: string | null;
    size_in_bytes: number | null;
    company_id: string | null;
  }>(sql`
    SELECT identification, key_s3, sha256, size_in_bytes, company_id FROM terminal_ui_version WHERE id = ${id}`);
  const row = rows[0];
  return row
    ? {
        kind: 'ui',
        version: row.identification ?? id,
        key: row.key_s3,
        sha256: row.sha256,
        size: row.size_in_bytes === null ? null : Number(row.size_in_bytes),
        company: row.company_id,
      }
    : null;
}

type WindowColumns = {
  locker_start: string | null;
  locker_end: string | null;
  locker_zone: string | null;
  company_start: string | null;
  company_end: string | null;
  company_zone: string | null;
};
const WINDOW_COLUMNS = sql`e.maintenance_window_start AS locker_start, e.maintenance_window_end AS locker_end, e.time_zone AS locker_zone,
  c.company_settings->>'maintenanceWindowStart' AS company_start, c.company_settings->>'maintenanceWindowEnd' AS company_end,
  c.company_settings->>'timeZone' AS company_zone`;

/** A locker's and its company's window settings, for resolveMaintenanceWindow. */
export type WindowSettings = {
  locker: { maintenanceWindowStart: string | null; maintenanceWindowEnd: string | null; timeZone: string | null };
  company: { maintenanceWindowStart: string | null; maintenanceWindowEnd: string | null; timeZone: string | null };
};
const windowSettingsOf = (row: WindowColumns): WindowSettings => ({
  locker: { maintenanceWindowStart: row.locker_start, maintenanceWindowEnd: row.locker_end, timeZone: row.locker_zone },
  company: { maintenanceWindowStart: row.company_start, maintenanceWindowEnd: row.company_end, timeZone: row.company_zone },
});

export async function findWindowSettings(db: Tx, eboxId: string): Promise<WindowSettings> {
  const { rows } = await db.execute<WindowColumns>(sql`
    SELECT ${WINDOW_COLUMNS} FROM ebox e LEFT JOIN company c ON c.id = e.company_id WHERE e.id = ${eboxId}`);
  const row = rows[0];
  return row
    ? windowSettingsOf(row)
    : windowSettingsOf({
        locker_start: null,
        locker_end: null,
        locker_zone: null,
        company_start: null,
        company_end: null,
        company_zone: null,
      });
}

/**
 * The commanded lockers of running releases' current stages that have not finished, with their
 * window settings, when they were commanded, and when their release last moved.
 */
export async function findUnfinishedOfRunningStages(
  db: Tx,
): Promise<{ releaseId: string; eboxId: string; sentAt: Date; releaseMovedAt: Date; settings: WindowSettings }[]> {
  const { rows } = await db.execute<
    WindowColumns & { release_id: string; ebox_id: string; sent_at: string | Date; moved_at: string | Date }
  >(sql`
    SELECT t.release_id, t.ebox_id, t.sent_at, r.updated_at AS moved_at, ${WINDOW_COLUMNS}
    FROM terminal_release r
    JOIN terminal_release_target t ON t.release_id = r.id AND t.stage = r.current_stage
    JOIN ebox e ON e.id = t.ebox_id
    LEFT JOIN company c ON c.id = e.company_id
    WHERE r.status = 'RUNNING' AND t.sent_at IS NOT NULL AND t.transaction_id IS NOT NULL
      AND t.state IN ('sent', 'downloading', 'downloaded', 'waiting-idle', 'installing')`);
  return rows.map((row) => ({
    releaseId: row.release_id,
    eboxId: row.ebox_id,
    sentAt: new Date(row.sent_at),
    releaseMovedAt: new Date(row.moved_at),
    settings: windowSettingsOf(row),
  }));
}

/**
 * Lockers never reached by running releases that ended (started before `endedBefore`): rows of a
 * reached stage never published (waiting, or a re-send not yet taken) whose locker is offline.
 * Locked; another process's are skipped.
 */
export async function lockUnreachedPastEnd(db: Tx, endedBefore: Date, limit: number): Promise<TargetRow[]> {
  const { rows } = await db.execute<RawTarget>(sql`
    SELECT t.* FROM terminal_release_target t
    JOIN terminal_release r ON r.id = t.release_id
    JOIN ebox e ON e.id = t.ebox_id
    WHERE r.status = 'RUNNING' AND r.started_at < ${endedBefore.toISOString()} AND t.stage <= r.current_stage
      AND (t.state = 'waiting' OR (t.state = 'sent' AND t.transaction_id IS NULL))
      AND (e.status IS DISTINCT FROM 'online' OR e.terminal_id IS NULL)
    ORDER BY t.release_id, t.position LIMIT ${limit} FOR UPDATE OF t SKIP LOCKED`);
  return rows.map(targetOf);
}

/**
 * An application version's build: its stored file (version.file's first) and the digest computed
 * when it was attached. `version` is its number, else its identification, as the terminal reports it.
 */
export async function findApplicationBuild(db: Tx, id: string): Promise<ReleaseBuild | null> {
  const { rows } = await db.execute<{
    identification: string | null;
    version_number: string | null;
    storage_key: string | null;
    sha256: string | null;
    size_in_bytes: number | null;
    company_id: string | null;
  }>(sql`
    SELECT v.identification, v.version_number, f.storage_key, v.sha256, v.size_in_bytes, v.company_id
    FROM terminal_version v LEFT JOIN stored_file f ON f.id::text = v.file->0->>'id'
    WHERE v.id = ${id}`);
  const row = rows[0];
  return row
    ? {
        kind: 'application',
        version: row.version_number ?? row.identification ?? id,
        key: row.storage_key,
        sha256: row.sha256,
        size: row.size_in_bytes === null ? null : Number(row.size_in_bytes),
        company: row.company_id,
      }
    : null;
}

/** What a release sends: its UI build when it has one, else its application version (one build per release). */
export async function findBuildOfRelease(
  db: Tx,
  release: { terminalUiVersion: string | null; version: string | null },
): Promise<ReleaseBuild | null> {
  if (release.terminalUiVersion) return findUiBuild(db, release.terminalUiVersion);
  if (release.version) return findApplicationBuild(db, release.version);
  return null;
}

/** The build a locker row's release sends. */
export async function findBuildOfTarget(db: Tx, targetId: string): Promise<ReleaseBuild | null> {
  const { rows } = await db.execute<{ terminal_ui_version_id: string | null; version_id: string | null }>(sql`
    SELECT r.terminal_ui_version_id, r.version_id FROM terminal_release_target t JOIN terminal_release r ON r.id = t.release_id WHERE t.id = ${targetId}`);
  const row = rows[0];
  return row ? findBuildOfRelease(db, { terminalUiVersion: row.terminal_ui_version_id, version: row.version_id }) : null;
}

/** One release's row for a locker's history (GET /ebox/{id}/software-history), newest release first. */
export async function listSoftwareHistory(
  db: Tx,
  eboxId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: SoftwareHistoryRow[]; count: number }> {
  const { rows } = await db.execute<{
    release_id: string;
    release_name: string | null;
    ui_build: string | null;
    ui_identification: string | null;
    version_number: string | null;
    version_identification: string | null;
    previous_version: string | null;
    state: SoftwareUpdateState;
    reason: string | null;
    attempt: number;
    sent_at: string | Date | null;
    updated_at: string | Date;
    total: string;
  }>(sql`
    SELECT t.release_id, r.identification AS release_name, r.terminal_ui_version_id AS ui_build,
      u.identification AS ui_identification, v.version_number, v.identification AS version_identification,
      t.previous_version, t.state, t.reason, t.attempt, t.sent_at, t.updated_at, count(*) OVER () AS total
    FROM terminal_release_target t
    JOIN terminal_release r ON r.id = t.release_id
    LEFT JOIN terminal_ui_version u ON u.id = r.terminal_ui_version_id
    LEFT JOIN terminal_version v ON v.id = r.version_id
    WHERE t.ebox_id = ${eboxId}
    ORDER BY r.started_at DESC NULLS LAST, r.created_at DESC, r.id
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  const count = rows[0] ? Number(rows[0].total) : page.offset ? await countSoftwareHistory(db, eboxId) : 0;
  return {
    rows: rows.map((row) => ({
      releaseId: row.release_id,
      releaseName: row.release_name ?? '',
      kind: row.ui_build ? 'ui' : 'application',
      version: row.ui_build ? row.ui_identification : (row.version_number ?? row.version_identification),
      previousVersion: row.previous_version,
      state: row.state,
      reason: row.reason,
      attempt: Number(row.attempt),
      sentAt: iso(row.sent_at),
      updatedAt: iso(row.updated_at) ?? '',
    })),
    count,
  };
}

async function countSoftwareHistory(db: Tx, eboxId: string): Promise<number> {
  const { rows } = await db.execute<{ count: string }>(
    sql`SELECT count(*) AS count FROM terminal_release_target WHERE ebox_id = ${eboxId}`,
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * How many of the lockers `where` keeps report each application version and each UI version (null:
 * never reported), and how many lockers that is.
 */
export async function countFleetVersions(
  db: Tx,
  where: SQL,
): Promise<{ total: number; application: FleetVersionCount[]; ui: FleetVersionCount[] }> {
  const { rows } = await db.execute<{ kind: 'application' | 'ui'; version: string | null; lockers: string }>(sql`
    WITH fleet AS (SELECT application_version, ui_version FROM ebox WHERE ${where})
    SELECT 'application' AS kind, application_version AS version, count(*) AS lockers FROM fleet GROUP BY application_version
    UNION ALL
    SELECT 'ui' AS kind, ui_version AS version, count(*) AS lockers FROM fleet GROUP BY ui_version`);
  const of = (kind: 'application' | 'ui') =>
    rows.filter((row) => row.kind === kind).map((row) => ({ version: row.version, lockers: Number(row.lockers) }));
  const application = of('application');
  return { total: application.reduce((sum, row) => sum + row.lockers, 0), application, ui: of('ui') };
}
