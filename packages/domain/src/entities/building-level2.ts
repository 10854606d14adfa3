import { defineEntity } from '../kit/entity';

/** Second level of a building (an apartment, a room) and the customers who live there. */
export const buildingLevel2 = defineEntity({
  name: 'buildingLevel2',
  path: 'building-level2',
  table: 'building_level2',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'none' },
  fields: {
    name: { type: 'text', required: true, max: 255 },
    customers: { type: 'relation', entity: 'customer', multiple: true },
  },
  listColumns: ['name', 'customers', 'createdAt'],
  filters: ['name', 'customers', 'createdAt'],
  importColumns: ['name', 'customers'],
  defaultOrderBy: 'name_ASC',
});
