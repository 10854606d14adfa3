import { defineEntity } from '../kit/entity';

/** First level of a building (a tower, a block); holds its level 2 units. */
export const buildingLevel1 = defineEntity({
  name: 'buildingLevel1',
  path: 'building-level1',
  table: 'building_level1',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'company', field: 'company' },
  parent: { field: 'building', entity: 'building' },
  fields: {
    name: { type: 'text', required: true, max: 255 },
    building: { type: 'relation', entity: 'building' },
    level2: { type: 'relation', entity: 'buildingLevel2', multiple: true },
    company: { type: 'relation', entity: 'company' },
  },
  listColumns: ['name', 'building', 'level2', 'company', 'createdAt'],
  filters: ['name', 'building', 'level2', 'company', 'createdAt'],
  importColumns: ['name', 'level2'],
  defaultOrderBy: 'name_ASC',
});
