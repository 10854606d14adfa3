import { defineEntity } from '../kit/entity';

/** A compartment size (code P, M, G...) with its inner dimensions in centimetres. */
export const compartimentLayout = defineEntity({
  name: 'compartimentLayout',
  path: 'compartimentLayout',
  table: 'compartiment_layout',
  labelField: 'name',
  naturalKey: ['code', 'name'],
  scope: { kind: 'none' },
  fields: {
    code: { type: 'text', required: true, max: 20 },
    name: { type: 'text', required: true, min: 2, max: 255 },
    width: { type: 'number', required: true, scale: 2, min: 0.01, max: 9999 },
    height: { type: 'number', required: true, scale: 2, min: 0.01, max: 9999 },
    depth: { type: 'number', required: true, scale: 2, min: 0.01, max: 9999 },
    enable: { type: 'boolean' },
  },
  listColumns: ['code', 'name', 'width', 'height', 'depth', 'enable', 'createdAt'],
  filters: ['code', 'name', 'width', 'height', 'depth', 'enable', 'createdAt'],
  importColumns: ['code', 'name', 'width', 'height', 'depth', 'enable'],
  defaultOrderBy: 'code_ASC',
});
