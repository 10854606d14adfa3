import { isValidNfeKey } from '../kit/brazilian-ids';
import { defineEntity } from '../kit/entity';

/**
 * The NF-e of an order's goods (spec 3 "invoice"): series, number, the 44-digit access key checked
 * by its check digit, date, values and CFOP; its lines are invoice items. Read with invoiceRead
 * (spec 6), written by whoever writes orders; scoped through its order.
 */
export const invoice = defineEntity({
  name: 'invoice',
  path: 'invoice',
  table: 'invoice',
  labelField: 'number',
  naturalKey: ['key', 'number'],
  permissionPrefix: 'order',
  permissions: { Read: 'invoiceRead' },
  scope: { kind: 'company', field: 'company' },
  fields: {
    company: { type: 'relation', entity: 'company', required: true },
    order: { type: 'relation', entity: 'order', filterBy: 'company' },
    /** NF-e série: 0 to 999. */
    series: { type: 'integer', required: true, min: 0, max: 999 },
    /** NF-e number (nNF): 1 to 999.999.999. */
    number: { type: 'integer', required: true, min: 1, max: 999_999_999 },
    /** Chave de acesso: 44 digits, the last one a mod-11 check digit of the others. */
    key: { type: 'text', required: true, length: 44, unique: true, match: 'both' },
    date: { type: 'dateTime', required: true },
    totalValue: { type: 'number', required: true, scale: 2, min: 0, max: 99_999_999, currency: 'BRL' },
    productsValue: { type: 'number', scale: 2, min: 0, max: 99_999_999, currency: 'BRL' },
    /** Código Fiscal de Operações e Prestações: 4 digits (5102, 6108...). */
    cfop: { type: 'text', length: 4, matches: 'startsWithDigit' },
    /** Declared value insured for the carriage. */
    insured: { type: 'number', scale: 2, min: 0, max: 99_999_999, currency: 'BRL' },
  },
  rules: [
    {
      message: 'entities.invoice.errors.key',
      path: 'key',
      check: (data) => typeof data.key !== 'string' || data.key.length !== 44 || isValidNfeKey(data.key),
    },
    {
      message: 'entities.invoice.errors.cfop',
      path: 'cfop',
      check: (data) => typeof data.cfop !== 'string' || /^[1-7]\d{3}$/.test(data.cfop),
    },
  ],
  listColumns: ['number', 'series', 'key', 'date', 'totalValue', 'order', 'company'],
  filters: ['number', 'series', 'key', 'order', 'company', 'cfop', 'date', 'createdAt'],
  importColumns: ['company', 'order', 'series', 'number', 'key', 'date', 'totalValue', 'productsValue', 'cfop', 'insured'],
  defaultOrderBy: 'date_DESC',
});

/** A line of an invoice (spec 3 "invoiceItems"): scoped and written through its invoice. */
export const invoiceItem = defineEntity({
  name: 'invoiceItem',
  path: 'invoiceItem',
  table: 'invoice_item',
  labelField: 'description',
  permissionPrefix: 'order',
  permissions: { Read: 'invoiceRead' },
  scope: { kind: 'through', field: 'invoice', entity: 'invoice' },
  parent: { field: 'invoice', entity: 'invoice' },
  fields: {
    invoice: { type: 'relation', entity: 'invoice', required: true },
    code: { type: 'text', max: 60 },
    description: { type: 'text', required: true, min: 1, max: 120 },
    /** Nomenclatura Comum do Mercosul: 8 digits. */
    ncm: { type: 'text', length: 8 },
    quantity: { type: 'number', required: true, scale: 4, min: 0.0001, max: 99_999_999 },
    unitValue: { type: 'number', required: true, scale: 2, min: 0, max: 99_999_999, currency: 'BRL' },
    totalValue: { type: 'number', scale: 2, min: 0, max: 99_999_999, currency: 'BRL' },
  },
  listColumns: ['description', 'code', 'ncm', 'quantity', 'unitValue', 'totalValue'],
  filters: ['description', 'code', 'ncm', 'invoice', 'createdAt'],
  importColumns: ['invoice', 'code', 'description', 'ncm', 'quantity', 'unitValue', 'totalValue'],
});
