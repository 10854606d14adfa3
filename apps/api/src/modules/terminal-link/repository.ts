import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

/**
 * SQL of the terminal link's state: a locker's status, heartbeat, versions and door history.
 *
 * A locker is found by its terminal through `lower(terminal_id)`, the unique B-tree index the kit
 * keeps for it: a plain `terminal_id =` was answered by the trigram index kept for searching, which
 * cost 25 ms a lookup at 10,000 lockers (its pending list grows with every heartbeat batch).
 */

/** A locker as the link acts on it: enough for its audit row and its terminal actor. */
export type LockerRow = {
  id: string;
  name: string | null;
  company: string | null;
  terminalId: string;
  status: string | null;
  /** Set by our terminals' versions event; a plain Open-Locker device never sends one. */
  application?: string | null;
};

/** A locker whose status the link changed, with the status it had before. */
export type StatusChangeRow = LockerRow & { previousStatus: string | null; lastHeartBeat: string | null };

/** A locker's columns as its queries select them (company_id as company). */
type LockerColumns = {
  id: string;
  name: string | null;
  company: string | null;
  terminal_id: string;
  status: string | null;
};

/** A status change's columns: the locker's, its heartbeat (a timestamptz, read as a Date) and the status before. */
type StatusChangeColumns = LockerColumns & { last_heart_beat: Date | string | null; previous_status: string | null };

function toLocker(row: LockerColumns & { application?: string | null }): LockerRow {
  return {
    id: row.id,
    name: row.name ?? null,
    company: row.company ?? null,
    terminalId: row.terminal_id,
    status: row.status ?? null,
    application: row.application ?? null,
  };
}

function toStatusChange(row: StatusChangeColumns): StatusChangeRow {
  const at = row.last_heart_beat;
  return {
    ...toLocker(row),
    previousStatus: row.previous_status ?? null,
    lastHeartBeat: at instanceof Date ? at.toISOString() : at ? new Date(at).toISOString() : null,
  };
}

/**
 * The locker whose terminal has this UUID and, when there is one, the message_id marked as handled
 * (`fresh`: false when it already was, a repeat to ignore), in one round trip: the two reads every
 * terminal message starts with. Nothing is marked for an unknown locker.
 */
export async function findLockerAndClaim(
  tx: Tx,
  terminalId: string,
  messageId: string,
): Promise<{ locker: LockerRow; fresh: boolean } | undefined> {
  const { rows } = await tx.execute<LockerColumns & { application: string | null; fresh: boolean }>(sql`
    with locker as (
           select id, name, company_id as company, terminal_id, status, application from ebox where lower(terminal_id) = lower(${terminalId}) limit 1
         ),
         claim as (
           insert into terminal_message (message_id) select ${messageId} where exists (select 1 from locker)
           on conflict (message_id) do nothing returning message_id
         )
    select locker.*, exists (select 1 from claim) as fresh from locker`);
  const row = rows[0];
  return row ? { locker: toLocker(row), fresh: row.fresh === true } : undefined;
}

/** The locker whose terminal has this UUID (the link flags a flooding terminal's locker). */
export async function findLocker(tx: Tx, terminalId: string): Promise<LockerRow | undefined> {
  const { rows } = await tx.execute<LockerColumns & { application: string | null }>(sql`
    select id, name, company_id as company, terminal_id, status, application from ebox where lower(terminal_id) = lower(${terminalId}) limit 1`);
  const row = rows[0];
  return row ? toLocker(row) : undefined;
}

/**
 * Marks a message_id as handled; false when it already was (a repeat to ignore). Runs in the
 * handling transaction, so a message whose handling failed is not marked and may come again.
 */
export async function claimMessage(tx: Tx, messageId: string): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`insert into terminal_message (message_id) values (${messageId}) on conflict (message_id) do nothing returning message_id`,
  );
  return rows.length > 0;
}

/** Forgets message_ids older than `olderThanSeconds`: a terminal does not repeat a message that late. */
export async function purgeMessages(tx: Tx, olderThanSeconds: number): Promise<number> {
  const { rows } = await tx.execute(
    sql`delete from terminal_message where received_at < now() - make_interval(secs => ${olderThanSeconds}) returning 1`,
  );
  return rows.length;
}

/**
 * Applies a batch of heartbeats in ONE statement: each locker's last_heart_beat (never moved back)
 * and status 'online'. The self-join reads the rows as they were before the update, so the caller
 * learns which lockers were not online (to audit) and, by absence, which terminal ids are unknown.
 * The batch travels as two arrays (unnest), not a VALUES list: one statement text whatever the
 * batch's size, two parameters instead of two thousand to build and send each second.
 */
export async function applyHeartbeats(tx: Tx, beats: readonly { terminalId: string; at: Date }[]): Promise<StatusChangeRow[]> {
  if (!beats.length) return [];
  const terminalIds = beats.map((beat) => beat.terminalId);
  const times = beats.map((beat) => beat.at.toISOString());
  const { rows } = await tx.execute<StatusChangeColumns>(sql`
    update ebox e
       set last_heart_beat = greatest(e.last_heart_beat, b.at),
           status = 'online'
      from unnest(${sql.param(terminalIds)}::text[], ${sql.param(times)}::timestamptz[]) as b(terminal_id, at)
      join ebox prev on lower(prev.terminal_id) = lower(b.terminal_id)
     where e.id = prev.id
    returning e.id, e.name, e.company_id as company, e.terminal_id, e.status, e.last_heart_beat, prev.status as previous_status`);
  return rows.map(toStatusChange);
}

/**
 * The last will, received at `willAt`: this locker offline now, unless it already was, or a heartbeat
 * received after the will is already stored (the terminal came back while the will waited its turn).
 */
export async function markOffline(tx: Tx, terminalId: string, willAt: Date): Promise<StatusChangeRow | undefined> {
  const { rows } = await tx.execute<StatusChangeColumns>(sql`
    update ebox e set status = 'offline'
     where lower(e.terminal_id) = lower(${terminalId}) and e.status is distinct from 'offline'
       and (e.last_heart_beat is null or e.last_heart_beat <= ${willAt.toISOString()}::timestamptz)
    returning e.id, e.name, e.company_id as company, e.terminal_id, e.status, e.last_heart_beat, 'online' as previous_status`);
  const row = rows[0];
  return row ? toStatusChange(row) : undefined;
}

/** Every online locker last heard before `silentSince`, offline in one statement. */
export async function markSilentOffline(tx: Tx, silentSince: Date): Promise<StatusChangeRow[]> {
  const { rows } = await tx.execute<StatusChangeColumns>(sql`
    update ebox e set status = 'offline'
     where e.status = 'online' and e.terminal_id is not null
       and (e.last_heart_beat is null or e.last_heart_beat < ${silentSince.toISOString()}::timestamptz)
    returning e.id, e.name, e.company_id as company, e.terminal_id, e.status, e.last_heart_beat, 'online' as previous_status`);
  return rows.map(toStatusChange);
}

/** What a terminal reports in `versions`; uiVersion null when it does not report one (the stored one stays). */
export type Versions = { os: string; osVersion: string; application: string; applicationVersion: string; uiVersion: string | null };

/** The versions stored before a terminal's report: none (null) until its first one. */
export type PreviousVersions = { [Key in keyof Versions]: Versions[Key] | null };

/** Stores the versions a terminal reported; the previous ones when they changed, undefined when not. */
export async function storeVersions(tx: Tx, eboxId: string, versions: Versions): Promise<PreviousVersions | undefined> {
  const { rows } = await tx.execute<{
    os: string | null;
    os_version: string | null;
    application: string | null;
    application_version: string | null;
    ui_version: string | null;
  }>(sql`
    update ebox e
       set os = ${versions.os}, os_version = ${versions.osVersion}, application = ${versions.application}, application_version = ${versions.applicationVersion},
           ui_version = coalesce(${versions.uiVersion}::text, e.ui_version)
      from ebox prev
     where e.id = ${eboxId} and prev.id = e.id
       and (e.os, e.os_version, e.application, e.application_version, e.ui_version)
           is distinct from (${versions.os}::text, ${versions.osVersion}::text, ${versions.application}::text, ${versions.applicationVersion}::text,
                             coalesce(${versions.uiVersion}::text, e.ui_version))
    returning prev.os, prev.os_version, prev.application, prev.application_version, prev.ui_version`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    os: row.os,
    osVersion: row.os_version,
    application: row.application,
    applicationVersion: row.application_version,
    uiVersion: row.ui_version,
  };
}

/**
 * A release's install that succeeded on a locker: the version it installed becomes the locker's
 * (application_version or ui_version), before the terminal's next `versions` report says so too.
 * Answers the version stored before, undefined when it was already this one.
 */
export async function storeInstalledVersion(
  tx: Tx,
  eboxId: string,
  kind: 'application' | 'ui',
  version: string,
): Promise<{ before: string | null } | undefined> {
  const column = kind === 'ui' ? sql.raw('ui_version') : sql.raw('application_version');
  const { rows } = await tx.execute<{ before: string | null }>(sql`
    update ebox e set ${column} = ${version} from ebox prev
     where e.id = ${eboxId} and prev.id = e.id and e.${column} is distinct from ${version}::text
    returning prev.${column} as before`);
  return rows[0] ? { before: rows[0].before } : undefined;
}

/** The compartment of a locker by the number on its face. */
export async function findCompartment(tx: Tx, eboxId: string, number: number): Promise<{ id: string } | undefined> {
  const { rows } = await tx.execute<{ id: string }>(
    sql`select id from compartiment where ebox_id = ${eboxId} and number = ${number} limit 1`,
  );
  const row = rows[0];
  return row ? { id: row.id } : undefined;
}

/**
 * Applies a terminal's door report made at `at` (the terminal's time): each door's state and
 * door_reported_at, unless a report at least as late is already stored. Messages arrive out of
 * order (events held offline arrive late, and two API processes handle one locker's messages side
 * by side), so the latest report wins whatever the order of arrival. door_changed_at moves only when
 * the door changes. Answers the compartments whose door changed.
 *
 * The rows are locked before they are compared (FOR UPDATE re-reads a row another transaction has
 * just changed and checks it again), so of two reports racing across processes the older one finds
 * the newer stored and is left out.
 */
export async function applyDoorStates(
  tx: Tx,
  eboxId: string,
  doors: readonly { number: number; open: boolean }[],
  at: string,
): Promise<{ id: string; number: number; open: boolean }[]> {
  if (!doors.length) return [];
  const values = sql.join(
    doors.map((door) => sql`(${door.number}::int, ${door.open}::boolean)`),
    sql`, `,
  );
  const { rows } = await tx.execute<{ id: string; number: number; door_open: boolean; changed: boolean }>(sql`
    with report(number, open) as (values ${values}),
         prev as (
           select c.id, c.door_open, report.open
             from compartiment c join report on report.number = c.number
            where c.ebox_id = ${eboxId}
              and (c.door_reported_at is null or c.door_reported_at < ${at}::timestamptz)
              for update of c
         )
    update compartiment c
       set door_open = prev.open,
           door_changed_at = case when prev.door_open is distinct from prev.open then ${at}::timestamptz else c.door_changed_at end,
           door_reported_at = ${at}::timestamptz
      from prev
     where c.id = prev.id
    returning c.id, c.number, c.door_open, prev.door_open is distinct from prev.open as changed`);
  return rows.filter((row) => row.changed === true).map((row) => ({ id: row.id, number: row.number, open: row.door_open }));
}
