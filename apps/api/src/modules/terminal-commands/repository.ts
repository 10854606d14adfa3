import type { OrderStatus, OrderType } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

/** SQL of the console's commands to terminals: the locker a command goes to, its wiring, its unsupported actions. */

/** A locker as a command needs it. */
export type CommandLocker = {
  id: string;
  name: string | null;
  company: string | null;
  terminalId: string | null;
  status: string | null;
  unsupportedActions: string[];
  /** Channels per relay board (null: the default, 8). */
  relayChannels: number | null;
  /** Where its relay mapping stands (EBOX_CONFIG_STATUSES), and why when misconfigured. */
  configStatus: string | null;
  configError: string | null;
};

/** The locker's columns as findCommandLocker selects them (company_id as company). */
type CommandLockerColumns = {
  id: string;
  name: string | null;
  company: string | null;
  terminal_id: string | null;
  status: string | null;
  unsupported_actions: string[] | null;
  relay_channels: number | null;
  config_status: string | null;
  config_error: string | null;
};

function toLocker(row: CommandLockerColumns): CommandLocker {
  return {
    id: row.id,
    name: row.name ?? null,
    company: row.company ?? null,
    terminalId: row.terminal_id ?? null,
    status: row.status ?? null,
    unsupportedActions: row.unsupported_actions ?? [],
    relayChannels: row.relay_channels ?? null,
    configStatus: row.config_status ?? null,
    configError: row.config_error ?? null,
  };
}

export async function findCommandLocker(tx: Tx, eboxId: string): Promise<CommandLocker | undefined> {
  const { rows } = await tx.execute<CommandLockerColumns>(
    sql`select id, name, company_id as company, terminal_id, status, unsupported_actions, relay_channels, config_status, config_error
          from ebox where id = ${eboxId}`,
  );
  const row = rows[0];
  return row ? toLocker(row) : undefined;
}

/**
 * The wiring of a locker's numbered compartments (number → board and channel) for apply_config and
 * its check: board or channel null where missing, so the check can name an enabled one left unwired.
 */
export async function findCompartmentWiring(
  tx: Tx,
  eboxId: string,
): Promise<{ number: number; boardNumber: number | null; comNumber: number | null; enable: boolean }[]> {
  const { rows } = await tx.execute<{ number: number; board_number: number | null; com_number: number | null; enable: boolean | null }>(sql`
    select number, board_number, com_number, enable from compartiment
     where ebox_id = ${eboxId} and number is not null
     order by number`);
  return rows.map((row) => ({
    number: row.number,
    boardNumber: row.board_number ?? null,
    comNumber: row.com_number ?? null,
    enable: row.enable === true,
  }));
}

/** The relay mapping's state as stored, before and after a change. */
export type ConfigState = { configStatus: string | null; configError: string | null };

/**
 * Stores where the locker's relay mapping stands; the state before and after when status or reason
 * changed, undefined when they did not (so a retry that ends the same way is not audited again).
 * `onlyIfHash`: change it only while the hash stored is that one (an answer to an older send must
 * not overwrite the state of a newer one).
 */
export async function setConfigState(
  tx: Tx,
  eboxId: string,
  next: { status: string; error: string | null; hash: string | null },
  onlyIfHash?: string,
): Promise<{ before: ConfigState; after: ConfigState } | undefined> {
  const { rows } = await tx.execute<{ before_status: string | null; before_error: string | null }>(sql`
    update ebox e set config_status = ${next.status}, config_error = ${next.error}, config_hash = ${next.hash},
           config_checked_at = case
             when (e.config_status, e.config_error) is distinct from (${next.status}::text, ${next.error}::text) then now()
             else e.config_checked_at end
      from ebox prev
     where e.id = ${eboxId} and prev.id = e.id
       and (${onlyIfHash ?? null}::text is null or e.config_hash is not distinct from ${onlyIfHash ?? null}::text)
    returning prev.config_status as before_status, prev.config_error as before_error`);
  const row = rows[0];
  if (!row) return undefined;
  const before = { configStatus: row.before_status ?? null, configError: row.before_error ?? null };
  if (before.configStatus === next.status && before.configError === next.error) return undefined;
  return { before, after: { configStatus: next.status, configError: next.error } };
}

/**
 * Adds or removes an action from the locker's unsupportedActions; the list before and after when it
 * changed, undefined when it did not (so only a real change is audited).
 */
export async function setActionSupport(
  tx: Tx,
  eboxId: string,
  action: string,
  supported: boolean,
): Promise<{ before: string[]; after: string[] } | undefined> {
  // Both lists as stored: text[] NOT NULL, read as arrays.
  type Lists = { before: string[] | null; after: string[] | null };
  const { rows } = supported
    ? await tx.execute<Lists>(sql`
        update ebox e set unsupported_actions = array_remove(e.unsupported_actions, ${action})
          from ebox prev
         where e.id = ${eboxId} and prev.id = e.id and ${action} = any(e.unsupported_actions)
        returning prev.unsupported_actions as before, e.unsupported_actions as after`)
    : await tx.execute<Lists>(sql`
        update ebox e set unsupported_actions = array_append(e.unsupported_actions, ${action})
          from ebox prev
         where e.id = ${eboxId} and prev.id = e.id and not (${action} = any(e.unsupported_actions))
        returning prev.unsupported_actions as before, e.unsupported_actions as after`);
  const row = rows[0];
  return row ? { before: row.before ?? [], after: row.after ?? [] } : undefined;
}

/** A compartment's door as last stored. */
export async function findDoor(tx: Tx, compartimentId: string): Promise<boolean> {
  const { rows } = await tx.execute<{ door_open: boolean }>(sql`select door_open from compartiment where id = ${compartimentId}`);
  return Boolean(rows[0]?.door_open);
}

/** A live order's code as apply_access_codes needs it, with what the lifecycle machine reads. */
export type LiveAccessCode = {
  orderId: string;
  type: OrderType;
  status: OrderStatus;
  accessCode: string;
  trackingCode: string | null;
  /** The booked compartment's number; null for an order not booked ahead (or a compartment without a number: `booked`). */
  number: number | null;
  booked: boolean;
  allowCollectExpiredOrder: boolean;
};

/**
 * A row of findLiveAccessCodes: the order's columns are all null on the one row of a locker
 * without live codes (the left join from `select 1` still answers the time it was read).
 */
type LiveAccessCodeColumns = { as_of: Date; allow_late: boolean; compartiment_id: string | null; number: number | null } & (
  | { id: string; type: OrderType; status: OrderStatus; access_code: string; tracking_code: string | null }
  | { id: null; type: null; status: null; access_code: null; tracking_code: null }
);

/**
 * The live orders of a locker that hold an access code (the statuses of order_live_access_code_key,
 * so each code appears once), and the time they were read: a terminal keeps the newest list.
 */
export async function findLiveAccessCodes(
  tx: Tx,
  eboxId: string,
  liveStatuses: readonly string[],
): Promise<{ asOf: Date; codes: LiveAccessCode[] }> {
  const { rows } = await tx.execute<LiveAccessCodeColumns>(sql`
    select statement_timestamp() as as_of, o.id, o.compartiment_id, o.type, o.status, o.access_code, o.tracking_code, c.number,
           coalesce(co.allow_collect_expired_order, false) as allow_late
      from (select 1) as now
      left join "order" o
        on o.ebox_id = ${eboxId} and o.access_code is not null
       and o.status in (${sql.join(
         liveStatuses.map((status) => sql`${status}`),
         sql`, `,
       )})
      left join compartiment c on c.id = o.compartiment_id
      left join company co on co.id = o.company_id
     order by c.number nulls last, o.created_at`);
  return {
    // The query answers one row at least (its left joins start from one): the time it was read.
    asOf: new Date(rows[0]?.as_of ?? Number.NaN),
    codes: rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              orderId: row.id,
              type: row.type,
              status: row.status,
              accessCode: row.access_code,
              trackingCode: row.tracking_code ?? null,
              number: row.number ?? null,
              booked: row.compartiment_id !== null && row.compartiment_id !== undefined,
              allowCollectExpiredOrder: row.allow_late === true,
            },
          ],
    ),
  };
}
