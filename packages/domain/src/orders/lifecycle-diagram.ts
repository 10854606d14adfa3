import { ORDER_TYPES, type OrderType } from '../entities/enums';
import { ORDER_LIFECYCLE, ORDER_LIVE_STATUSES, type OrderTransition, statusesOf } from './lifecycle';

/**
 * docs/order-lifecycle.md, drawn from ORDER_LIFECYCLE: a mermaid state diagram and a table per
 * order type. The domain test compares the committed file with this, so the drawing cannot drift.
 */

function labelOf(transition: OrderTransition): string {
  return transition.guard ? `${transition.trigger} [${transition.guard}]` : transition.trigger;
}

function diagramOf(type: OrderType): string {
  const lines = ['```mermaid', 'stateDiagram-v2', '  [*] --> CREATED'];
  for (const transition of ORDER_LIFECYCLE[type])
    for (const from of transition.from) lines.push(`  ${from} --> ${transition.to}: ${labelOf(transition)}`);
  // Where an order of this type ends: statuses nothing moves on from.
  const moving = new Set(ORDER_LIFECYCLE[type].flatMap((transition) => transition.from));
  for (const status of statusesOf(type)) if (!moving.has(status)) lines.push(`  ${status} --> [*]`);
  lines.push('```');
  return lines.join('\n');
}

/** A markdown table with its columns padded, as the formatter (biome) lays it out. */
function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function tableOf(type: OrderType): string {
  const rows = ORDER_LIFECYCLE[type].map((transition) => [
    transition.from.join(', '),
    `\`${transition.trigger}\`${transition.guard ? ` (${transition.guard})` : ''}`,
    transition.to,
    transition.stamps.length ? transition.stamps.join(', ') : '-',
    transition.compartiment ?? 'unchanged',
  ]);
  return markdownTable(['From', 'Trigger', 'To', 'Stamps', 'Compartment'], rows);
}

export function renderOrderLifecycleDoc(): string {
  const intro = [
    '# Order lifecycle',
    '',
    '<!-- Generated from packages/domain/src/orders/lifecycle.ts by `npm run orders:docs`. Do not edit by hand. -->',
    '',
    'One state machine per order type (spec 4.1 types and statuses). A trigger is a locker event',
    '(`terminal.<code>`, spec 4.1 event codes), a console action (`console.<action>`) or a job',
    "(`job.<name>`). Every transition stamps the fields listed (`…At` with the trigger's time, a",
    "locker's original time even when replayed after an outage; `…By` with who acted: a person's",
    'e-mail, `terminal:<locker code>` or `system:<job>`, shown as the audit log shows them) and sets the',
    "order's compartment to the status shown (`unchanged`: it stays as it is). Anything not listed is",
    'refused and changes nothing. `allowCollectExpiredOrder` is the company setting the transition needs.',
    "The order page offers to open the order's compartment only while the order holds it (the live",
    'statuses below); the API refuses an opening for an order that no longer does.',
    '',
    'Deleting an order is `console.cancel` (spec 4.1): allowed only while no parcel is inside the locker.',
    '',
    '## How the API applies it',
    '',
    '- One entry point, `moveOrder` (apps/api/src/modules/order/lifecycle-service.ts), for the console, the',
    "  lockers' events and the jobs. In the caller's transaction it writes the order's status and stamps, one",
    "  row of `order_history` (from, to, trigger, reason, who: a user, a locker's terminal or a job, `at` =",
    "  the trigger's own time, `recorded_at`), the compartment's status (audited), and publishes",
    '  `order.statusChanged` {orderId, companyId, eboxId, compartimentId, type, from, to, trigger, at},',
    '  delivered only after the commit.',
    '- A refused trigger changes nothing: it is kept as an `order_history` row with `to_status` null and',
    '  its `refusal`, written in a transaction of its own (it stays when the caller rolls back), and the',
    '  caller gets a translated 400.',
    "- An order's creation or import is its history's first row (from null to CREATED, trigger `create`",
    '  or `import`, by whoever made it, at its `createdAt`), written in the creating transaction.',
    '- `GET /order/{id}/history` (orderRead, company scope) answers the rows oldest first; the order page',
    '  shows them as a timeline.',
    '- `POST /order/update-status` {data: {id, status, reason}} (orderUpdateStatus): the console action',
    '  leading from the current status to `status` (not `cancel`, which is DELETE /order with',
    '  orderDestroy); a reason is required. `POST /order/update-overdue` {data: {ids, overdueDate}}',
    '  (orderUpdateOverdue): a future date, for orders not yet expired.',
    '- Creating an order for a locker and a size books an AVAILABLE compartment of that size (BOOKED, same',
    '  transaction, `FOR UPDATE SKIP LOCKED`: two creations never take the same one; none free: 409 naming',
    '  the locker and the size); `bookOrder: false` leaves it to the deposit. Without an overdue date the',
    "  order gets now + its company's `maxDaysOverdueDateDelivery` days.",
    `- An access code is unique among the locker's live orders (${ORDER_LIVE_STATUSES.join(', ')}):`,
    '  `findOrderByAccessCode(eboxId, code)` finds the one it opens.',
    '- The job `orders.expire-overdue` (every minute, once per tick across processes) moves each order past',
    '  its overdue date by `job.expireOverdue`, stamped with that date, taking rows with SKIP LOCKED.',
    '- Order lists and exports filtered by creation date cover at most 31 days (400 beyond).',
  ];
  const sections = ORDER_TYPES.flatMap((type) => ['', `## ${type}`, '', diagramOf(type), '', tableOf(type)]);
  return `${[...intro, ...sections].join('\n')}\n`;
}
