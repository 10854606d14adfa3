import { defineEntity } from '../kit/entity';
import { COMPARTIMENT_STATUSES, COMPARTIMENT_USAGE_TYPES } from './enums';

/**
 * A compartment of a locker (spec 3): its number, where its lock is wired (board and channel), its
 * size and status. Scoped through its locker: whoever sees the locker sees its compartments.
 * Usually made by generateCompartiments from the locker's modules, edited one by one afterwards.
 */
export const compartiment = defineEntity({
  name: 'compartiment',
  path: 'compartiment',
  table: 'compartiment',
  labelField: 'number',
  scope: { kind: 'through', field: 'ebox', entity: 'ebox' },
  parent: { field: 'ebox', entity: 'ebox' },
  fields: {
    ebox: { type: 'relation', entity: 'ebox', required: true },
    /** The number people and orders use: unique within the locker (another locker may repeat it). */
    number: {
      type: 'integer',
      required: true,
      min: 1,
      max: 9999,
      uniqueWithin: { field: 'ebox', message: 'entities.compartiment.errors.numberTaken' },
    },
    /** Controller board the lock is wired to (spec 9: 1 to 10). */
    boardNumber: { type: 'integer', required: true, min: 1, max: 10 },
    /** Position inside its module column, counted from the top. */
    numberInColumn: { type: 'integer', required: true, min: 1, max: 999 },
    /**
     * Channel of the board that opens the lock, as printed on the relay board (CH1 = 1, up to the
     * locker's relayChannels): Open-Locker's address is comNumber − 1 (addressOfChannel).
     */
    comNumber: { type: 'integer', required: true, min: 1, max: 32 },
    usageType: { type: 'enum', options: COMPARTIMENT_USAGE_TYPES },
    /** The compartment layout's code (P, M, G...). */
    size: { type: 'text', required: true, max: 20 },
    /** AVAILABLE unless given; the lock action sets DAMAGE, orders OCCUPIED and BOOKED. */
    status: { type: 'enum', options: COMPARTIMENT_STATUSES },
    pcd: { type: 'boolean' },
    enable: { type: 'boolean' },
    width: { type: 'number', required: true, scale: 2, min: 0.01, max: 9999 },
    height: { type: 'number', required: true, scale: 2, min: 0.01, max: 9999 },
    depth: { type: 'number', required: true, scale: 2, min: 0.01, max: 9999 },
    /** The door as the terminal last reported it (door events, snapshots); closed until it reports. */
    doorOpen: { type: 'boolean', readOnly: true },
    /** When the door last changed, at the terminal's time. */
    doorChangedAt: { type: 'dateTime', readOnly: true },
    /**
     * The terminal's time of the latest door report applied (a door event or a snapshot, changed or
     * not): an older report, arriving late or through another API process, is not applied over it.
     */
    doorReportedAt: { type: 'dateTime', readOnly: true },
  },
  listColumns: ['number', 'ebox', 'boardNumber', 'comNumber', 'numberInColumn', 'size', 'status', 'usageType', 'pcd', 'enable'],
  filters: ['number', 'ebox', 'boardNumber', 'comNumber', 'size', 'status', 'usageType', 'pcd', 'enable', 'createdAt'],
  importColumns: [
    'ebox',
    'number',
    'boardNumber',
    'numberInColumn',
    'comNumber',
    'usageType',
    'size',
    'status',
    'pcd',
    'enable',
    'width',
    'height',
    'depth',
  ],
  defaultOrderBy: 'number_ASC',
});
