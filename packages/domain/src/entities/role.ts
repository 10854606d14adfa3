import { defineEntity } from '../kit/entity';
import { PERMISSIONS } from '../permissions';

export const role = defineEntity({
  name: 'role',
  path: 'role',
  table: 'role',
  labelField: 'name',
  scope: { kind: 'none' },
  noImport: true,
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255, unique: true },
    description: { type: 'text', max: 2000, multiline: true },
    company: { type: 'relation', entity: 'company' },
    permissions: { type: 'enum', options: PERMISSIONS, multiple: true, required: true },
    /** Seeded roles of spec 6; their name cannot change. */
    predefined: { type: 'boolean', readOnly: true },
  },
  listColumns: ['name', 'description', 'company', 'createdAt'],
  filters: ['name', 'company'],
  importColumns: [],
  defaultOrderBy: 'name_ASC',
});
