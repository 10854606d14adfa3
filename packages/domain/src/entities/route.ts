import { defineEntity } from '../kit/entity';

/** The first two places (1-based) holding the same locker, or null when every stop is another locker. */
export function repeatedStopOf(stops: unknown): { first: number; second: number } | null {
  if (!Array.isArray(stops)) return null;
  const seen = new Map<unknown, number>();
  for (const [index, stop] of stops.entries()) {
    const first = seen.get(stop);
    if (first !== undefined) return { first: first + 1, second: index + 1 };
    seen.set(stop, index);
  }
  return null;
}

/**
 * A courier's run through lockers (spec 3 "route"), driven by one operator. `ebox` is the ordered
 * list of stops: a packing visits its lockers in this order and its romaneio prints them so. An
 * import names a route by its name and each stop by the locker's code (spec 3: columns name, ebox).
 */
export const route = defineEntity({
  name: 'route',
  path: 'route',
  table: 'route',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    company: { type: 'relation', entity: 'company', required: true },
    /** The stops in the order the courier drives them; a locker appears once. */
    ebox: { type: 'relation', entity: 'ebox', multiple: true, required: true, min: 1, max: 200 },
    /** The operator who drives it. */
    operatedBy: { type: 'relation', entity: 'user' },
    notes: { type: 'text', max: 21845, multiline: true },
  },
  // A courier stops once at a locker: a repeated stop is refused, never merged silently (the form
  // would show one place and save another). An import's cell naming a locker twice keeps it once.
  rules: [
    {
      message: 'entities.route.errors.repeatedStop',
      path: 'ebox',
      check: (data) => repeatedStopOf(data.ebox) === null,
      values: (data) => repeatedStopOf(data.ebox) ?? {},
    },
  ],
  listColumns: ['name', 'ebox', 'operatedBy', 'company', 'createdAt'],
  filters: ['name', 'ebox', 'operatedBy', 'company', 'createdAt'],
  importColumns: ['name', 'ebox', 'company', 'notes'],
  // One row per stop, in drive order, each naming its route: the rows of a route become its stops.
  importGroupBy: 'name',
});
