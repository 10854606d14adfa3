import { LANGUAGES } from '../i18n/languages';
import { defineEntity } from '../kit/entity';

/** A person who receives or sends parcels; belongs to a company and may live in a building unit. */
export const customer = defineEntity({
  name: 'customer',
  path: 'customer',
  table: 'customer',
  labelField: 'name',
  naturalKey: ['name', 'email', 'documentNumber'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    /** A mobile, stored as digits with the country code (5521987654321), as orders carry it. */
    cellphone: { type: 'text', max: 24, phone: 'mobile', match: 'both' },
    /** A complete address is looked up by equality ('both'); part of one is still searched. */
    email: { type: 'text', max: 255, email: true, match: 'both' },
    /** CPF or CNPJ, typed with or without punctuation, stored punctuated; one customer per document in a company. */
    documentNumber: {
      type: 'text',
      max: 20,
      document: 'cpfOrCnpj',
      match: 'both',
      uniqueWithin: { field: 'company', message: 'entities.customer.errors.documentTaken' },
    },
    company: { type: 'relation', entity: 'company' },
    /** The unit (apartment, room) of a building where the customer lives, among the company's buildings. */
    buildingLevel2: { type: 'relation', entity: 'buildingLevel2', filterBy: 'company' },
    /** Where the customer lives or receives parcels, picked from the company's address book (spec 3 "address"). */
    address: { type: 'relation', entity: 'address', filterBy: 'company' },
    photo: { type: 'files', image: true, max: 1 },
    /** Person with a disability: gets the accessible compartments. */
    pcd: { type: 'boolean' },
    /** The language the customer's messages are written in (none: pt-BR). */
    language: { type: 'enum', options: LANGUAGES },
    enable: { type: 'boolean' },
  },
  listColumns: ['name', 'cellphone', 'email', 'documentNumber', 'company', 'enable', 'createdAt'],
  filters: ['name', 'cellphone', 'email', 'documentNumber', 'company', 'buildingLevel2', 'pcd', 'enable', 'createdAt'],
  importColumns: ['name', 'cellphone', 'email', 'documentNumber', 'company', 'pcd', 'enable'],
});
