import {
  type AlertKind,
  type DashboardAlert,
  type DashboardFailingDoor,
  DOOR_FAILURE_KINDS,
  DOOR_FAILURE_WINDOW_HOURS,
  type DoorFailureKind,
  IN_LOCKER_STATUSES,
} from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Reader } from '../../platform/db/batched-reads';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import { companyIn, countedLockers, type DashboardReach, inCountedLockers, limitOf, listOf, uuids } from './figure-repository';

/**
 * The SQL of the dashboard's alerts and door failures (docs/dashboard.md "Alerts", "Doors"): what the
 * lockers, compartments and orders measure now, the alerts not yet resolved, and what GET /dashboard
 * lists of them.
 */

/** Alerts are evaluated one transaction at a time: two processes never raise the same one twice. */
export async function lockAlerts(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dashboard.alerts'))`);
}

const onlyLockers = (column: SQL, eboxIds: string[] | null) => (eboxIds ? sql` and ${column} = any(${uuids(eboxIds)})` : sql``);

/** A measured condition: what it is about, whose, and its value. */
export type Measure = {
  kind: AlertKind;
  subject: string;
  company: string | null;
  /** The locker it is about (null: a cluster's). */
  ebox: string | null;
  cluster: string | null;
  compartiment: string | null;
  value: number;
  /** Since when it holds, when the measure knows it (an offline locker's last heartbeat). */
  since: string | null;
};

/** Enrolled, enabled lockers offline now and heard from at least once: minutes since their last heartbeat. */
async function measureOffline(tx: Tx, eboxIds: string[] | null, now: Date): Promise<Measure[]> {
  const result = await tx.execute<{ id: string; company_id: string | null; last_heart_beat: string }>(sql`
    select id, company_id, last_heart_beat from ebox
     where status is distinct from 'online' and enable is not false and terminal_id is not null
       and last_heart_beat is not null${onlyLockers(sql`id`, eboxIds)}`);
  return result.rows.map((row) => ({
    kind: 'lockerOffline',
    cluster: null,
    subject: row.id,
    company: row.company_id,
    ebox: row.id,
    compartiment: null,
    value: Math.max(0, Math.floor((now.getTime() - Date.parse(new Date(row.last_heart_beat).toISOString())) / 60_000)),
    since: new Date(row.last_heart_beat).toISOString(),
  }));
}

/** Each locker's occupancy now, in whole percent of its enabled compartments. */
async function measureOccupancy(tx: Tx, eboxIds: string[] | null): Promise<Measure[]> {
  const result = await tx.execute<{ id: string; company_id: string | null; percent: number }>(sql`
    select e.id, e.company_id,
           floor(100.0 * count(*) filter (where c.status in ('OCCUPIED', 'BOOKED')) / count(*))::int as percent
      from compartiment c join ebox e on e.id = c.ebox_id
     where c.enable is not false and e.enable is not false${onlyLockers(sql`e.id`, eboxIds)}
     group by e.id, e.company_id`);
  return result.rows.map((row) => ({
    kind: 'lockerFull',
    cluster: null,
    subject: row.id,
    company: row.company_id,
    ebox: row.id,
    compartiment: null,
    value: Number(row.percent),
    since: null,
  }));
}

/** Each cluster's occupancy now (its enabled lockers together), for the clusters of some lockers or all. */
async function measureClusterOccupancy(tx: Tx, eboxIds: string[] | null): Promise<Measure[]> {
  const ofLockers = eboxIds ? sql` and cl.id in (select cluster_id from cluster_ebox where ebox_id = any(${uuids(eboxIds)}))` : sql``;
  const result = await tx.execute<{ id: string; company_id: string | null; percent: number }>(sql`
    select cl.id, cl.company_id,
           floor(100.0 * count(*) filter (where c.status in ('OCCUPIED', 'BOOKED')) / count(*))::int as percent
      from cluster cl
      join cluster_ebox ce on ce.cluster_id = cl.id and ce.enable is not false
      join ebox e on e.id = ce.ebox_id and e.enable is not false
      join compartiment c on c.ebox_id = e.id and c.enable is not false
     where cl.enable is not false${ofLockers}
     group by cl.id, cl.company_id`);
  return result.rows.map((row) => ({
    kind: 'clusterFull',
    subject: row.id,
    company: row.company_id,
    ebox: null,
    cluster: row.id,
    compartiment: null,
    value: Number(row.percent),
    since: null,
  }));
}

/** Each compartment's door failures over the last 24 hours. */
async function measureDoorFailures(tx: Tx, eboxIds: string[] | null, now: Date): Promise<Measure[]> {
  const result = await tx.execute<{
    compartiment_id: string;
    ebox_id: string;
    company_id: string | null;
    failures: number;
    first_at: string;
  }>(sql`
    select compartiment_id, ebox_id, (array_agg(company_id order by at desc))[1] as company_id,
           count(*)::int as failures, min(at) as first_at
      from door_failure
     where at > ${now.toISOString()}::timestamptz - make_interval(hours => ${DOOR_FAILURE_WINDOW_HOURS})
       and at <= ${now.toISOString()}::timestamptz${onlyLockers(sql`ebox_id`, eboxIds)}
     group by compartiment_id, ebox_id`);
  return result.rows.map((row) => ({
    kind: 'doorFailures',
    cluster: null,
    subject: row.compartiment_id,
    company: row.company_id,
    ebox: row.ebox_id,
    compartiment: row.compartiment_id,
    value: Number(row.failures),
    since: new Date(row.first_at).toISOString(),
  }));
}

/** Each company's parcels in each locker past their overdue date. */
async function measureOverdue(tx: Tx, eboxIds: string[] | null, now: Date): Promise<Measure[]> {
  const result = await tx.execute<{ ebox_id: string; company_id: string | null; parcels: number; first_overdue: string }>(sql`
    select ebox_id, company_id, count(*)::int as parcels, min(overdue_date) as first_overdue
      from "order"
     where status in (${listOf(IN_LOCKER_STATUSES)}) and stored_at is not null and ebox_id is not null
       and overdue_date < ${now.toISOString()}::timestamptz${onlyLockers(sql`ebox_id`, eboxIds)}
     group by ebox_id, company_id`);
  return result.rows.map((row) => ({
    kind: 'parcelsOverdue',
    cluster: null,
    subject: `${row.ebox_id}:${row.company_id ?? 'none'}`,
    company: row.company_id,
    ebox: row.ebox_id,
    compartiment: null,
    value: Number(row.parcels),
    since: new Date(row.first_overdue).toISOString(),
  }));
}

/** Every condition measured now, for some lockers or all. */
export async function measureConditions(tx: Tx, eboxIds: string[] | null, now: Date): Promise<Measure[]> {
  return [
    ...(await measureOffline(tx, eboxIds, now)),
    ...(await measureOccupancy(tx, eboxIds)),
    ...(await measureClusterOccupancy(tx, eboxIds)),
    ...(await measureDoorFailures(tx, eboxIds, now)),
    ...(await measureOverdue(tx, eboxIds, now)),
  ];
}

/** The settings of companies, by id. */
export async function readCompanySettings(tx: Tx, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const result = await tx.execute<{ id: string; company_settings: Record<string, unknown> | null }>(
    sql`select id, company_settings from company where id = any(${uuids(ids)})`,
  );
  return new Map(result.rows.map((row) => [row.id, row.company_settings ?? {}]));
}

/** An alert not resolved yet: its measure as last stored, its level (null while pending), since when, raised when. */
export type StoredAlert = Omit<Measure, 'since'> & { id: string; level: string | null; since: string; openedAt: string | null };

const storedAlertColumns = sql`id, kind, subject, company_id as company, ebox_id as ebox, cluster_id as cluster, compartiment_id as compartiment,
  level, value, since, opened_at as "openedAt"`;

/** The alerts not resolved yet (pending or open), for some lockers or all. */
export async function readUnresolvedAlerts(tx: Tx, eboxIds: string[] | null): Promise<StoredAlert[]> {
  const result = await tx.execute<StoredAlert>(sql`
    select ${storedAlertColumns} from dashboard_alert
     where resolved_at is null${eboxIds ? sql` and (ebox_id = any(${uuids(eboxIds)}) or cluster_id in (select cluster_id from cluster_ebox where ebox_id = any(${uuids(eboxIds)})))` : sql``}`);
  return result.rows.map((row) => ({
    ...row,
    since: new Date(row.since).toISOString(),
    openedAt: row.openedAt ? new Date(row.openedAt).toISOString() : null,
  }));
}

/** Inserts a pending or open alert; null when one for the kind and subject is already unresolved. */
export async function insertAlert(tx: Tx, alert: Omit<StoredAlert, 'id'>): Promise<string | null> {
  const result = await tx.execute<{ id: string }>(sql`
    insert into dashboard_alert (kind, subject, company_id, ebox_id, cluster_id, compartiment_id, level, value, since, opened_at)
    values (${alert.kind}, ${alert.subject}, ${alert.company}, ${alert.ebox}, ${alert.cluster}, ${alert.compartiment}, ${alert.level},
            ${alert.value}, ${alert.since}, ${alert.openedAt})
    on conflict (kind, subject) where resolved_at is null do nothing
    returning id`);
  return result.rows[0]?.id ?? null;
}

export async function updateAlert(
  tx: Tx,
  id: string,
  values: { level: string; value: number; openedAt?: string; resolvedAt?: string },
): Promise<void> {
  await tx.execute(sql`
    update dashboard_alert set level = ${values.level}, value = ${values.value},
           opened_at = coalesce(${values.openedAt ?? null}::timestamptz, opened_at),
           resolved_at = ${values.resolvedAt ?? null}::timestamptz, updated_at = now()
     where id = ${id}::uuid`);
}

/** A pending alert whose condition cleared before it lasted: it never was one. */
export async function deletePendingAlert(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from dashboard_alert where id = ${id}::uuid and opened_at is null`);
}

/** The names an audit row and a mail give a locker and a company. */
export async function readLockerNames(tx: Tx, eboxIds: string[]): Promise<Map<string, { name: string; code: string | null }>> {
  if (!eboxIds.length) return new Map();
  const result = await tx.execute<{ id: string; name: string; code: string | null }>(
    sql`select id, name, code from ebox where id = any(${uuids(eboxIds)})`,
  );
  return new Map(result.rows.map((row) => [row.id, { name: row.name, code: row.code }]));
}

/** The names an audit row and a mail give clusters. */
export async function readClusterNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const result = await tx.execute<{ id: string; name: string }>(sql`select id, name from cluster where id = any(${uuids(ids)})`);
  return new Map(result.rows.map((row) => [row.id, row.name]));
}

/** Records a door failure of a compartment, with its locker's company at the time. */
export async function insertDoorFailure(
  tx: Tx,
  failure: { eboxId: string; compartimentId: string; kind: DoorFailureKind; at: string },
): Promise<void> {
  await tx.execute(sql`
    insert into door_failure (at, ebox_id, compartiment_id, company_id, kind)
    select ${failure.at}::timestamptz, ${failure.eboxId}::uuid, ${failure.compartimentId}::uuid, e.company_id, ${failure.kind}
      from (select 1) one left join ebox e on e.id = ${failure.eboxId}::uuid`);
}

/** Forgets door failures older than 400 days (the dashboard's longest look back). */
export async function pruneDoorFailures(tx: Tx, now: Date): Promise<void> {
  await tx.execute(sql`delete from door_failure where at < ${now.toISOString()}::timestamptz - interval '400 days'`);
}

/** The lockers an alert of a reach may be about (the caller's, and the filters'); `open`: the condition of open alerts. */
function alertsInReach(reach: DashboardReach): { open: SQL; inner: SQL } {
  const counted = sql`select id from (${countedLockers(reach)}) l`;
  // A cluster's alert is seen by whoever counts one of its lockers.
  const inLockers =
    reach.visibleLockers || reach.eboxIds
      ? sql` and (a.ebox_id in (${counted}) or a.cluster_id in (select ce.cluster_id from cluster_ebox ce where ce.ebox_id in (${counted})))`
      : sql``;
  // A company's overdue parcels and its clusters are its own; a locker's alerts belong to whoever sees the locker.
  const company = reach.companyIds
    ? sql` and (a.kind not in ('parcelsOverdue', 'clusterFull') or a.company_id = any(${uuids(reach.companyIds)}))`
    : sql``;
  const inner = sql`${inLockers}${company}`;
  return { open: sql`a.resolved_at is null and a.opened_at is not null${inner}`, inner };
}

const OPEN_ALERTS_LISTED = 50;

/** The open alerts GET /dashboard lists, critical first and oldest first, and how many of each level. */
export async function readOpenAlerts(tx: Reader, reach: DashboardReach) {
  const ebox = entityTable('ebox');
  const company = entityTable('company');
  const countsRead = tx.execute<{ warning: number; critical: number }>(sql`
    select (count(*) filter (where a.level = 'warning'))::int as warning,
           (count(*) filter (where a.level = 'critical'))::int as critical
      from dashboard_alert a where ${alertsInReach(reach).open}`);
  const rowsRead = tx.execute<{
    id: string;
    kind: DashboardAlert['kind'];
    level: DashboardAlert['level'];
    value: number;
    company_id: string | null;
    company_name: string | null;
    ebox_id: string | null;
    ebox_name: string | null;
    ebox_code: string | null;
    cluster_id: string | null;
    cluster_name: string | null;
    compartiment_id: string | null;
    compartiment_number: number | null;
    since: string;
    opened_at: string;
  }>(sql`
    select a.id, a.kind, a.level, a.value, a.company_id, co.name as company_name, a.ebox_id, e.name as ebox_name,
           e.code as ebox_code, a.cluster_id, cl.name as cluster_name, a.compartiment_id, c.number as compartiment_number,
           a.since, a.opened_at
      from dashboard_alert a
      left join ${ebox} e on e.id = a.ebox_id
      left join cluster cl on cl.id = a.cluster_id
      left join ${company} co on co.id = a.company_id
      left join compartiment c on c.id = a.compartiment_id
     where ${alertsInReach(reach).open}
     order by (a.level = 'critical') desc, a.opened_at asc, a.id
     ${limitOf(OPEN_ALERTS_LISTED)}`);
  const [counts, rows] = await Promise.all([countsRead, rowsRead]);
  return {
    warning: Number(counts.rows[0]?.warning ?? 0),
    critical: Number(counts.rows[0]?.critical ?? 0),
    open: rows.rows.map(
      (row): DashboardAlert => ({
        id: row.id,
        kind: row.kind,
        level: row.level,
        value: Number(row.value),
        company: row.company_id ? { id: row.company_id, name: row.company_name ?? '' } : null,
        ebox: row.ebox_id ? { id: row.ebox_id, name: row.ebox_name ?? '', code: row.ebox_code } : null,
        cluster: row.cluster_id ? { id: row.cluster_id, name: row.cluster_name ?? '' } : null,
        compartiment:
          row.compartiment_id && row.compartiment_number !== null
            ? { id: row.compartiment_id, number: Number(row.compartiment_number) }
            : null,
        since: new Date(row.since).toISOString(),
        openedAt: new Date(row.opened_at).toISOString(),
      }),
    ),
  };
}

const FAILING_DOORS_LISTED = 10;

/** How many alerts of a reach were raised and resolved since a moment. */
export async function readAlertActivity(tx: Tx, reach: DashboardReach, since: Date) {
  const inReach = alertsInReach(reach).inner;
  const result = await tx.execute<{ raised: number; resolved: number }>(sql`
    select (count(*) filter (where a.opened_at >= ${since.toISOString()}::timestamptz))::int as raised,
           (count(*) filter (where a.resolved_at >= ${since.toISOString()}::timestamptz))::int as resolved
      from dashboard_alert a where a.opened_at is not null${inReach}`);
  return { raised: Number(result.rows[0]?.raised ?? 0), resolved: Number(result.rows[0]?.resolved ?? 0) };
}

/** A range's door failures at the reach's lockers: `[from, to)`, ISO. */
function failuresIn(reach: DashboardReach, range: { from: string; to: string }): SQL {
  return sql`f.at >= ${range.from}::timestamptz and f.at < ${range.to}::timestamptz${inCountedLockers(sql`f.ebox_id`, reach)}${companyIn(sql`f.company_id`, reach)}`;
}

/** The door failures of a period and its previous one, and the doors failing most. */
export async function readDoorFigures(
  tx: Reader,
  reach: DashboardReach,
  current: { from: string; to: string },
  previous: { from: string; to: string },
) {
  const totalsRead = tx.execute<{ current: number; previous: number }>(sql`
    select (select count(*) from door_failure f where ${failuresIn(reach, current)})::int as current,
           (select count(*) from door_failure f where ${failuresIn(reach, previous)})::int as previous`);
  const byKind = DOOR_FAILURE_KINDS.map((kind) => sql`(count(*) filter (where f.kind = ${kind}))::int as ${sql.identifier(kind)}`);
  const failingRead = tx.execute<Record<string, unknown>>(sql`
    select f.compartiment_id, f.ebox_id, e.name as ebox_name, e.code as ebox_code, c.number, c.status,
           count(*)::int as failures, max(f.at) as last_at, ${sql.join(byKind, sql`, `)}
      from door_failure f
      join ebox e on e.id = f.ebox_id
      join compartiment c on c.id = f.compartiment_id
     where ${failuresIn(reach, current)}
     group by f.compartiment_id, f.ebox_id, e.name, e.code, c.number, c.status
     order by failures desc, last_at desc
     ${limitOf(FAILING_DOORS_LISTED)}`);
  const [totals, failing] = await Promise.all([totalsRead, failingRead]);
  return {
    failures: { value: Number(totals.rows[0]?.current ?? 0), previous: Number(totals.rows[0]?.previous ?? 0) },
    failing: failing.rows.map(
      (row): DashboardFailingDoor => ({
        ebox: { id: String(row.ebox_id), name: String(row.ebox_name ?? ''), code: row.ebox_code === null ? null : String(row.ebox_code) },
        compartiment: { id: String(row.compartiment_id), number: Number(row.number), status: String(row.status ?? 'AVAILABLE') },
        failures: Number(row.failures),
        byKind: Object.fromEntries(DOOR_FAILURE_KINDS.map((kind) => [kind, Number(row[kind] ?? 0)])) as DashboardFailingDoor['byKind'],
        lastAt: new Date(String(row.last_at)).toISOString(),
      }),
    ),
  };
}

/** The users who asked for a dashboard mail, with the language of their mails. */
export async function readMailRecipients(tx: Tx): Promise<{ id: string; language: string | null }[]> {
  const result = await tx.execute<{ id: string; language: string | null }>(
    sql`select id, language from "user" where (alert_digest or weekly_summary) and not disabled order by id`,
  );
  return result.rows;
}

/** The time zones companies keep their day in (company settings; null: none set). */
export async function readCompanyZones(tx: Tx, ids: string[]): Promise<(string | null)[]> {
  const result = await tx.execute<{ zone: string | null }>(
    sql`select company_settings->>'timeZone' as zone from company where id = any(${uuids(ids)})`,
  );
  return result.rows.map((row) => row.zone);
}

/** Claims a user's dashboard mail of a day; false when it was already sent. */
export async function claimDashboardMail(tx: Tx, userId: string, kind: string, day: string): Promise<boolean> {
  const result = await tx.execute(
    sql`insert into dashboard_mail_sent (user_id, kind, day) values (${userId}::uuid, ${kind}, ${day}::date) on conflict do nothing returning user_id`,
  );
  return result.rows.length > 0;
}

/**
 * The lockers whose moves asked for an evaluation of their alerts since the last claim, each once,
 * their requests deleted (rows another claim holds are left to it).
 */
export async function claimAlertRequests(tx: Tx): Promise<string[]> {
  const result = await tx.execute<{ ebox_id: string }>(sql`
    with claimed as (
      delete from dashboard_alert_request where ctid in (select ctid from dashboard_alert_request for update skip locked)
      returning ebox_id)
    select distinct ebox_id from claimed order by ebox_id`);
  return result.rows.map((row) => row.ebox_id);
}
