import type { PickedAddress } from '@ebox/domain/address-book';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

export type KnownPostalCode = {
  postalCode: string;
  street: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
};

/**
 * The most recently changed address of the companies `companyIds` allows (null: every one) whose
 * CEP is `digits`, stored with or without its dash: looked up through the postal code's prefix
 * index (lower(postal_code) COLLATE "C", platform/db/entity-tables.ts), so no row is read beyond them.
 */
export async function findAddressByPostalCode(
  db: Tx,
  digits: string,
  companyIds: readonly string[] | null,
): Promise<KnownPostalCode | undefined> {
  const written = [`${digits.slice(0, 5)}-${digits.slice(5)}`, digits];
  const scope = companyIds === null ? sql`true` : sql`company_id = ANY(${`{${companyIds.join(',')}}`}::uuid[])`;
  const { rows } = await db.execute<KnownPostalCode>(sql`
    SELECT postal_code AS "postalCode", street, neighborhood, city, state FROM address
    WHERE (lower(postal_code) COLLATE "C") IN (${written[0]}, ${written[1]}) AND ${scope}
    ORDER BY updated_at DESC, id LIMIT 1`);
  return rows[0];
}

type PickedRow = Omit<PickedAddress, 'coordinates'> & { coordinates: Record<string, unknown> | null };

/** One address of the companies `companyIds` allows (null: every one), or undefined. */
export async function findAddressInScope(db: Tx, id: string, companyIds: readonly string[] | null): Promise<PickedAddress | undefined> {
  const scope = companyIds === null ? sql`true` : sql`company_id = ANY(${`{${companyIds.join(',')}}`}::uuid[])`;
  const { rows } = await db.execute<PickedRow>(sql`
    SELECT id, street, number, additional, reference, neighborhood, city, state, postal_code AS "postalCode", country, coordinates
    FROM address WHERE id = ${id}::uuid AND ${scope}`);
  const row = rows[0];
  if (!row) return undefined;
  const coordinate = (value: unknown) =>
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : null;
  return { ...row, coordinates: { latitude: coordinate(row.coordinates?.latitude), longitude: coordinate(row.coordinates?.longitude) } };
}
