import { canonicalDocument, canonicalPhone } from './brazilian-ids';
import { EMAIL_PATTERN } from './email';
import type { Field, TextMatch } from './field';

/**
 * Whole-value lookups of text filters (TextField.match). A list filter given a whole value (an
 * e-mail, a document number, a code) is answered by equality and its index, not by a scan for
 * the text anywhere; partial text is still searched as contained text where the field offers it.
 */

export function textMatchOf(field: Field): TextMatch {
  return field.type === 'text' ? (field.match ?? 'contains') : 'contains';
}

/** A value typed "in quotes": the person asks for that whole value. */
const QUOTED = /^"(.+)"$/s;

/** Whether `typed` is a complete value of the field's own format (an e-mail, a valid document or phone). */
function isCompleteValue(field: Field, typed: string): boolean {
  if (field.type !== 'text') return false;
  if (field.email) return EMAIL_PATTERN.test(typed);
  if (field.document) return canonicalDocument(typed, field.document) !== null;
  if (field.phone) return canonicalPhone(typed, field.phone === 'mobile') !== null;
  return false;
}

/**
 * The whole value a text filter names, or null when it is to be searched as contained text:
 * always for an 'exact' field; for a 'prefix' field only in quotes; for a 'both' field, when the filter is a complete value of the
 * field's format or is typed in quotes; never for a 'contains' field (today's behaviour).
 */
export function wholeValueOf(field: Field, typed: string): string | null {
  const match = textMatchOf(field);
  if (match === 'contains') return null;
  // A prefix is searched as one; only a value "in quotes" asks for that whole value.
  if (match === 'prefix') return QUOTED.exec(typed.trim())?.[1]?.trim() || null;
  const text = typed.trim();
  const quoted = QUOTED.exec(text)?.[1]?.trim();
  if (quoted) return quoted;
  if (match === 'exact') return text || null;
  return isCompleteValue(field, text) ? text : null;
}
