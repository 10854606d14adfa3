import { defineEntity } from '../kit/entity';

/** A locker module model (a column of compartments); its compartments are eboxModuleCompartiment rows. */
export const eboxModule = defineEntity({
  name: 'eboxModule',
  path: 'eboxModule',
  table: 'ebox_module',
  labelField: 'name',
  naturalKey: ['name', 'code'],
  scope: { kind: 'none' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    code: { type: 'text', max: 50 },
    /** Controller board a locker built from this module uses unless told otherwise (spec 9: 1 to 10). */
    defaultBoardNumber: { type: 'integer', min: 1, max: 10 },
    images: { type: 'files', image: true, max: 3, maxSize: 1_000_000 },
    enable: { type: 'boolean' },
  },
  listColumns: ['name', 'code', 'defaultBoardNumber', 'enable', 'createdAt'],
  filters: ['name', 'code', 'defaultBoardNumber', 'enable', 'createdAt'],
  importColumns: ['name', 'code', 'defaultBoardNumber', 'enable'],
});
