import { defineEntity } from '../kit/entity';

/** A group of lockers; a company limited to a group sees only its lockers (docs/decisions.md "Lockers (issue 14)"). */
export const group = defineEntity({
  name: 'group',
  path: 'group',
  table: 'locker_group',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'companyGroup' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    ebox: { type: 'relation', entity: 'ebox', multiple: true },
  },
  listColumns: ['name', 'ebox', 'createdAt'],
  filters: ['name', 'ebox', 'createdAt'],
  importColumns: ['name', 'ebox'],
});
