import { defineEntity } from '../kit/entity';

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
  listColumns: ['name', 'ebox', 'operatedBy', 'company', 'createdAt'],
  filters: ['name', 'ebox', 'operatedBy', 'company', 'createdAt'],
  importColumns: ['name', 'ebox', 'company', 'notes'],
});
