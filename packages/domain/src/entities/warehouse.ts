import { defineEntity } from '../kit/entity';

/** A distribution centre where orders are received (inbound) and packed for pick-up runs. */
export const warehouse = defineEntity({
  name: 'warehouse',
  path: 'warehouse',
  table: 'warehouse',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    street: { type: 'text', max: 255 },
    company: { type: 'relation', entity: 'company' },
  },
  listColumns: ['name', 'street', 'company', 'createdAt'],
  filters: ['name', 'street', 'company', 'createdAt'],
  importColumns: ['name', 'street', 'company'],
});
