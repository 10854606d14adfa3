import { defineEntity } from '../kit/entity';

/** A group of lockers; a company limited to a group sees only its lockers. The ebox list joins
 * this declaration when the ebox entity exists (locker issue). */
export const group = defineEntity({
  name: 'group',
  path: 'group',
  table: 'locker_group',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'companyGroup' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
  },
  listColumns: ['name', 'createdAt'],
  filters: ['name', 'createdAt'],
  importColumns: ['name'],
});
