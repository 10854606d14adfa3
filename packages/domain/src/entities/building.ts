import { defineEntity } from '../kit/entity';

export const building = defineEntity({
  name: 'building',
  path: 'building',
  table: 'building',
  labelField: 'name',
  naturalKey: ['name', 'externalId'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    company: { type: 'relation', entity: 'company', required: true },
    /** What the building calls its first and second levels (e.g. Tower, Apartment). */
    level1: { type: 'text', max: 100 },
    level2: { type: 'text', max: 100 },
    externalId: { type: 'text', max: 255 },
    buildingId: { type: 'text', max: 255 },
    customerName: { type: 'text', max: 255 },
    /** Stored as digits with the country code; a landline is fine here. */
    customerPhone: { type: 'text', max: 24, phone: true },
    customerEmail: { type: 'text', max: 255, email: true },
  },
  listColumns: ['name', 'company', 'level1', 'level2', 'externalId', 'createdAt'],
  filters: ['name', 'company', 'externalId', 'createdAt'],
  importColumns: ['name', 'company', 'level1', 'level2', 'externalId', 'buildingId', 'customerName', 'customerPhone', 'customerEmail'],
});
