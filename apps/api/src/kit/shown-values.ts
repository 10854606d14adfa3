import { type EntityDeclaration, type Field, type Language, shownValueKey, translatedValuesOf, translatorFor } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * What a column reads as on screen: an enum's translated option, a translated key's text (a
 * predefined role's name), as a CASE built from the dictionary, so a list sorts and searches what
 * the user sees ("Leitor"), not the stored key ('viewer'). Other columns read as stored.
 */
export function shownValueOf(
  entity: EntityDeclaration,
  name: string,
  field: Field,
  column: PgColumn | SQL,
  language: Language = 'pt-BR',
): SQL {
  const values = field.type === 'enum' && field.multiple ? [] : translatedValuesOf(field);
  if (!values.length) return sql`${column}`;
  const t = translatorFor(language);
  const cases = values.map((value) => {
    const key = shownValueKey(entity.name, name, field, value);
    return sql`WHEN ${value} THEN ${key ? t(key, { defaultValue: value }) : value}`;
  });
  return sql`(CASE ${column}::text ${sql.join(cases, sql` `)} ELSE ${column}::text END)`;
}
