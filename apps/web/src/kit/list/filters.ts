import { type EntityDeclaration, type Field, idOfRef } from '@ebox/domain';
import { fieldAt } from '../entity-labels';

/**
 * The API's filter[...] values (docs/api-contract.md, generic resource) from what the filter form
 * holds: ranges as [min, max] with either end empty, relations by id, booleans as 'true'|'false'.
 */

export type FilterKind = 'text' | 'range' | 'dateRange' | 'relation' | 'enum' | 'boolean';

export function filterKindOf(field: Field): FilterKind | undefined {
  switch (field.type) {
    case 'text':
    case 'stringList':
      return 'text';
    case 'number':
    case 'integer':
      return 'range';
    case 'dateTime':
    case 'dateRange':
      return 'dateRange';
    case 'relation':
      return 'relation';
    case 'enum':
      return 'enum';
    case 'boolean':
      return 'boolean';
    default:
      return undefined;
  }
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A filter as the query string carries it: a value or a list (ranges, several ids). */
export type ApiFilter = Record<string, string | string[]>;

export function toApiFilter(entity: EntityDeclaration, filter: Record<string, unknown>): ApiFilter | undefined {
  const result: ApiFilter = {};
  for (const [name, value] of Object.entries(filter)) {
    const field = fieldAt(entity, name);
    if (!field || isBlank(value)) continue;
    const kind = filterKindOf(field);
    if (kind === 'range' || kind === 'dateRange') {
      const [from, to] = Array.isArray(value) ? value : [value, value];
      if (isBlank(from) && isBlank(to)) continue;
      result[name] = [isBlank(from) ? '' : String(from), isBlank(to) ? '' : String(to)];
    } else if (kind === 'relation') {
      const ids = (Array.isArray(value) ? value : [value])
        .map(idOfRef)
        .filter((id) => !isBlank(id))
        .map(String);
      if (ids.length) result[name] = ids.length === 1 ? ids[0] : ids;
    } else if (kind === 'text') {
      const text = String(value).trim();
      if (text) result[name] = text;
    } else {
      result[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
  }
  return Object.keys(result).length ? result : undefined;
}

/** Fields the API sorts by (the same whitelist as the server's list query). */
export function isSortable(field: Field | undefined): boolean {
  if (!field) return false;
  if (field.type === 'text') return !field.secret;
  if (field.type === 'enum' || field.type === 'relation') return !field.multiple;
  return field.type === 'number' || field.type === 'integer' || field.type === 'dateTime' || field.type === 'boolean';
}

export function parseOrderBy(orderBy: string | undefined): { column: string; direction: 'ASC' | 'DESC' } | undefined {
  if (!orderBy) return undefined;
  const cut = orderBy.lastIndexOf('_');
  if (cut <= 0) return undefined;
  const direction = orderBy.slice(cut + 1);
  if (direction !== 'ASC' && direction !== 'DESC') return undefined;
  return { column: orderBy.slice(0, cut), direction };
}
