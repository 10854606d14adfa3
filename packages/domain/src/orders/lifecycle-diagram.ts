import { ORDER_TYPES, type OrderType } from '../entities/enums';
import { ORDER_LIFECYCLE, type OrderTransition, statusesOf } from './lifecycle';

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
    "locker's original time even when replayed after an outage; `…By` with who acted) and sets the",
    "order's compartment to the status shown (`unchanged`: it stays as it is). Anything not listed is",
    'refused and changes nothing. `allowCollectExpiredOrder` is the company setting the transition needs.',
    '',
    'Deleting an order is `console.cancel` (spec 4.1): allowed only while no parcel is inside the locker.',
  ];
  const sections = ORDER_TYPES.flatMap((type) => ['', `## ${type}`, '', diagramOf(type), '', tableOf(type)]);
  return `${[...intro, ...sections].join('\n')}\n`;
}
