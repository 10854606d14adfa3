import { defineEntity } from '../kit/entity';

/** How an address reads in a spreadsheet (import and export alike). */
const ADDRESS_COLUMNS = [
  'street',
  'number',
  'additional',
  'reference',
  'neighborhood',
  'city',
  'state',
  'postalCode',
  'country',
  'company',
];

/**
 * The address book (spec 3 "address"): addresses a company uses again and again, which the locker
 * and customer forms pick instead of typing them once more, and which a Brazilian postal code (CEP)
 * typed in an address form fills street, neighbourhood, city and state from (GET
 * /address/postal-code/{cep}, modules/address).
 */
export const address = defineEntity({
  name: 'address',
  path: 'address',
  table: 'address',
  labelField: 'street',
  naturalKey: ['street', 'postalCode'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    street: { type: 'text', required: true, min: 2, max: 255 },
    number: { type: 'text', max: 20 },
    /** What follows the number: apartment, block, floor (the locker's "complement"). */
    additional: { type: 'text', max: 255 },
    /** A landmark that helps a courier find it ("in front of the bakery"). */
    reference: { type: 'text', max: 255 },
    neighborhood: { type: 'text', max: 255 },
    city: { type: 'text', max: 255 },
    /** UF, e.g. RJ, SP, MG. */
    state: { type: 'text', max: 2 },
    /** A CEP as 00000-000 (typed with or without the dash); a foreign code as written there. */
    postalCode: { type: 'text', max: 9, match: 'prefix' },
    /** None: Brazil. */
    country: { type: 'text', max: 100 },
    company: { type: 'relation', entity: 'company' },
    coordinates: {
      type: 'object',
      fields: {
        latitude: { type: 'number', scale: 6, min: -90, max: 90 },
        longitude: { type: 'number', scale: 6, min: -180, max: 180 },
      },
    },
  },
  // People find an address by its street or its CEP's first digits.
  search: { street: 'contains', postalCode: 'prefix' },
  listColumns: ['street', 'number', 'neighborhood', 'city', 'state', 'postalCode', 'company'],
  listColumnWidths: { number: 90, state: 70, postalCode: 130 },
  filters: ['street', 'neighborhood', 'city', 'state', 'postalCode', 'country', 'company', 'createdAt'],
  importColumns: ADDRESS_COLUMNS,
  exportColumns: ['id', ...ADDRESS_COLUMNS, 'createdAt'],
});
