import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

/** SQL of the console's commands to terminals: the locker a command goes to, its wiring, its unsupported actions. */

type Raw = Record<string, unknown>;

function rowsOf(result: unknown): Raw[] {
  return ((result as { rows?: Raw[] }).rows ?? (result as Raw[])) as Raw[];
}

/** A locker as a command needs it. */
export type CommandLocker = {
  id: string;
  name: string | null;
  company: string | null;
  terminalId: string | null;
  status: string | null;
  unsupportedActions: string[];
};

function toLocker(row: Raw): CommandLocker {
  return {
    id: String(row.id),
    name: (row.name as string | null) ?? null,
    company: (row.company as string | null) ?? null,
    terminalId: (row.terminal_id as string | null) ?? null,
    status: (row.status as string | null) ?? null,
    unsupportedActions: (row.unsupported_actions as string[] | null) ?? [],
  };
}

export async function findCommandLocker(tx: Tx, eboxId: string): Promise<CommandLocker | undefined> {
  const result = await tx.execute(
    sql`select id, name, company_id as company, terminal_id, status, unsupported_actions from ebox where id = ${eboxId}`,
  );
  const row = rowsOf(result)[0];
  return row ? toLocker(row) : undefined;
}

/** The wiring of a locker's compartments (number → board and channel) for apply_config, numbered ones only. */
export async function findCompartmentWiring(tx: Tx, eboxId: string): Promise<{ number: number; boardNumber: number; comNumber: number }[]> {
  const result = await tx.execute(sql`
    select number, board_number, com_number from compartiment
     where ebox_id = ${eboxId} and number is not null and board_number is not null and com_number is not null
     order by number`);
  return rowsOf(result).map((row) => ({
    number: Number(row.number),
    boardNumber: Number(row.board_number),
    comNumber: Number(row.com_number),
  }));
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
  const result = supported
    ? await tx.execute(sql`
        update ebox e set unsupported_actions = array_remove(e.unsupported_actions, ${action})
          from ebox prev
         where e.id = ${eboxId} and prev.id = e.id and ${action} = any(e.unsupported_actions)
        returning prev.unsupported_actions as before, e.unsupported_actions as after`)
    : await tx.execute(sql`
        update ebox e set unsupported_actions = array_append(e.unsupported_actions, ${action})
          from ebox prev
         where e.id = ${eboxId} and prev.id = e.id and not (${action} = any(e.unsupported_actions))
        returning prev.unsupported_actions as before, e.unsupported_actions as after`);
  const row = rowsOf(result)[0];
  return row ? { before: (row.before as string[]) ?? [], after: (row.after as string[]) ?? [] } : undefined;
}

/** A compartment's door as last stored. */
export async function findDoor(tx: Tx, compartimentId: string): Promise<boolean> {
  const result = await tx.execute(sql`select door_open from compartiment where id = ${compartimentId}`);
  return Boolean(rowsOf(result)[0]?.door_open);
}

/** A live order's code as apply_access_codes needs it, with what the lifecycle machine reads. */
export type LiveAccessCode = {
  orderId: string;
  type: string;
  status: string;
  accessCode: string;
  trackingCode: string | null;
  /** The booked compartment's number; null for an order not booked ahead (or a compartment without a number: `booked`). */
  number: number | null;
  booked: boolean;
  allowCollectExpiredOrder: boolean;
};

/**
 * The live orders of a locker that hold an access code (the statuses of order_live_access_code_key,
 * so each code appears once), and the time they were read: a terminal keeps the newest list.
 */
export async function findLiveAccessCodes(
  tx: Tx,
  eboxId: string,
  liveStatuses: readonly string[],
): Promise<{ asOf: Date; codes: LiveAccessCode[] }> {
  const result = await tx.execute(sql`
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
  const rows = rowsOf(result);
  return {
    asOf: new Date(rows[0]?.as_of as string),
    codes: rows
      .filter((row) => row.id)
      .map((row) => ({
        orderId: String(row.id),
        type: String(row.type),
        status: String(row.status),
        accessCode: String(row.access_code),
        trackingCode: (row.tracking_code as string | null) ?? null,
        number: row.number === null || row.number === undefined ? null : Number(row.number),
        booked: row.compartiment_id !== null && row.compartiment_id !== undefined,
        allowCollectExpiredOrder: row.allow_late === true,
      })),
  };
}
