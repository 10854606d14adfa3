import type { Permission } from '../permissions';
import { type EntityDeclaration, filterPermissionOf } from './entity';

/**
 * The one search of an entity (issue 29 item 1): what the command palette, the relation pickers and
 * the list's search box find a record by, from what people are asked for (a locker's code, an
 * order's tracking code, the customer's phone). Each field is looked up one way, on an index of
 * that shape (apps/api/src/platform/db/entity-tables.ts), so a search at a million orders never
 * scans the table. The rules are in docs/decisions.md "The one search".
 */
export type SearchLookup =
  /** The value starts with the text, case-insensitive (a tracking code's first characters). */
  | 'prefix'
  /** The whole value, case-insensitive (an e-mail address), asked only for text shaped like one. */
  | 'exact'
  /** Contained text (a locker's name), through the field's trigram index. */
  | 'contains'
  /**
   * A phone's digits end with the digits typed, at least MIN_PHONE_SEARCH_DIGITS of them: stored as
   * 55 + DDD + number, a phone is found by "+55 (21) 98888-7777", "21988887777" or "988887777" alike.
   */
  | 'phoneSuffix';

/** The fields an entity's search looks in and how, in the order results are offered. */
export type SearchDeclaration = Readonly<Record<string, SearchLookup>>;

/**
 * The fewest digits a phone search takes: a number without its DDD has 8 (landline) or 9 (mobile);
 * fewer would find a crowd of strangers' phones.
 */
export const MIN_PHONE_SEARCH_DIGITS = 8;

/** One lookup a typed text asks for: the field, how, and the value as the index holds it. */
export type SearchTerm = { field: string; lookup: SearchLookup; value: string };

/** Only what people type around a phone's digits: "+55 (21) 98888-7777", "021 98888.7777". */
const PHONE_TEXT = /^[\d\s()+.-]+$/;

/** The digits a phone search looks for, or null when the text is not a phone's (a code, a name). */
export function phoneSearchDigitsOf(typed: string): string | null {
  if (!PHONE_TEXT.test(typed)) return null;
  // A leading 0 is the long-distance prefix ("021 ..."), never stored.
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= MIN_PHONE_SEARCH_DIGITS ? digits : null;
}

/** Whether the text is an e-mail address as typed (the exact lookup is asked only then). */
function isEmailText(typed: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(typed);
}

/**
 * The lookups `typed` asks of the entity's search, among the fields the caller may search by
 * (`may`: a field whose filter needs a permission, an order's reference number, is left out for a
 * caller without it, as if the entity had no such field). Empty text asks nothing.
 */
export function searchTermsOf(
  entity: Pick<EntityDeclaration, 'search' | 'filterPermissions'>,
  typed: string,
  may: (permission: Permission) => boolean = () => true,
): SearchTerm[] {
  const text = typed.trim();
  if (!text || !entity.search) return [];
  const terms: SearchTerm[] = [];
  for (const [field, lookup] of Object.entries(entity.search)) {
    const permission = filterPermissionOf(entity, field);
    if (permission && !may(permission)) continue;
    if (lookup === 'phoneSuffix') {
      const digits = phoneSearchDigitsOf(text);
      if (digits) terms.push({ field, lookup, value: digits });
    } else if (lookup === 'exact') {
      if (isEmailText(text)) terms.push({ field, lookup, value: text.toLowerCase() });
    } else terms.push({ field, lookup, value: lookup === 'prefix' ? text.toLowerCase() : text });
  }
  return terms;
}
