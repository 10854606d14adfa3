import { defineEntity } from '../kit/entity';

/** An item that can be sold through a locker or a bot; products belong to no company (spec 3). */
export const product = defineEntity({
  name: 'product',
  path: 'product',
  table: 'product',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'none' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    description: { type: 'text', max: 21845, multiline: true },
    unitPrice: { type: 'number', required: true, scale: 2, min: 0.01, max: 99999, currency: 'BRL' },
    photos: { type: 'files', image: true, max: 3, maxSize: 1_000_000 },
  },
  listColumns: ['name', 'unitPrice', 'createdAt'],
  filters: ['name', 'description', 'unitPrice', 'createdAt'],
  importColumns: ['name', 'description', 'unitPrice'],
});
