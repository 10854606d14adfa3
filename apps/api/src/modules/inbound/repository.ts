import { DECLARED_ENTITIES, type OrderStatus, type OrderType } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { findRowsInScope, type Row, resourceOf } from '../../kit/repository';
import { scopeCondition } from '../../kit/scope';
import type { CompanyScope } from '../../platform/access';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';

/** What the inbound search shows of an order it found. */
export type InboundCandidate = {
  id: string;
  trackingCode: string;
  type: OrderType;
  status: OrderStatus;
  company: string | null;
  eboxCode: string | null;
  compartimentSize: string | null;
  customerName: string | null;
};

/**
 * Every order of the caller's companies carrying one of `codes` (lower case), newest first, in ONE
 * statement: `= ANY` on the lower-case tracking code reads order_tracking_code_prefix_idx
 * (lower(tracking_code) COLLATE "C"), so 500 pasted codes cost one index scan each inside one
 * query, not 500 round trips. The array is one parameter: the text stays the same and prepared.
 */
export async function findOrdersByTrackingCodes(db: Tx, codes: readonly string[], scope: CompanyScope): Promise<InboundCandidate[]> {
  if (!codes.length) return [];
  const order = entityTable('order');
  const inScope = scopeCondition(DECLARED_ENTITIES.order, order, scope) ?? sql`true`;
  const found = await db.execute<InboundCandidate>(sql`
    SELECT id, tracking_code AS "trackingCode", type, status, company_id AS company, ebox_code AS "eboxCode",
           compartiment_size AS "compartimentSize", customer_name AS "customerName"
      FROM "order"
     WHERE (lower(tracking_code) COLLATE "C") = ANY(${`{${codes.map(arrayItem).join(',')}}`}::text[])
       AND ${inScope}
     ORDER BY created_at DESC, id`);
  return found.rows;
}

/** A text as an element of a PostgreSQL array literal (quoted, so commas and braces in a code stay in it). */
function arrayItem(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The orders an inbound lists, within the caller's scope, locked for the saving transaction (by id: no deadlock between two saves). */
export function lockOrdersInScope(tx: Tx, ids: readonly string[], scope: CompanyScope): Promise<Row[]> {
  return findRowsInScope(tx, resourceOf(DECLARED_ENTITIES.order), [...ids], scope, { lock: true });
}
