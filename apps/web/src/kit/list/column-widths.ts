import type { EntityDeclaration, Field } from '@ebox/domain';

/**
 * Default list column widths by field type, so a list of the usual six or seven columns fits a
 * 1366 px laptop beside the selection and actions columns. A declaration overrides one with
 * `listColumnWidths`.
 */
function widthOfField(field: Field | undefined, isLabel: boolean): number {
  if (isLabel) return 170;
  if (!field) return 140;
  switch (field.type) {
    case 'text':
      if (field.email || field.url) return 180;
      if (field.multiline) return 220;
      return field.max !== undefined && field.max <= 30 ? 125 : 150;
    case 'number':
    case 'integer':
      return 110;
    case 'dateTime':
      return 140;
    case 'dateRange':
      return 260;
    case 'boolean':
      return 80;
    case 'enum':
      return field.multiple ? 200 : 130;
    case 'relation':
      return field.multiple ? 190 : 140;
    case 'files':
      return field.image ? 80 : 160;
    case 'stringList':
      return 180;
    case 'object':
      return 220;
  }
}

export function columnWidthOf(entity: EntityDeclaration, path: string, field: Field | undefined): number {
  return entity.listColumnWidths?.[path] ?? widthOfField(field, path === entity.labelField);
}

/**
 * How a cell too narrow for its value gives way. A record's name (a tracking code), a status, a
 * related record's name, a number and a date are what a row is read by: cut, they mislead (a date
 * without its time, "RJ-COPA-0…"), so they wrap, as a record's code does (a locker's); a date wraps
 * only between the day and the time. Free text (a name, an e-mail, notes) is cut with an ellipsis
 * and shown whole on hover.
 */
export type ColumnFit = 'wrap' | 'ellipsis' | 'none';

export function columnFitOf(entity: EntityDeclaration, path: string, field: Field | undefined): ColumnFit {
  if (path === entity.labelField) return 'wrap';
  if (!field) return 'wrap';
  switch (field.type) {
    case 'dateTime':
    case 'dateRange':
    case 'number':
    case 'integer':
    case 'boolean':
      return 'wrap';
    case 'enum':
    case 'relation':
      return field.multiple ? 'none' : 'wrap';
    case 'files':
    case 'stringList':
      return 'none';
    case 'text':
      return isCode(field) ? 'wrap' : 'ellipsis';
    default:
      return 'ellipsis';
  }
}

/** A short text unique to its record is a code people name it by (a locker's RJ-LGMACHADO-01), not free text. */
function isCode(field: Extract<Field, { type: 'text' }>): boolean {
  return Boolean(field.unique) && !field.email && !field.url && !field.multiline && field.max !== undefined && field.max <= 30;
}
