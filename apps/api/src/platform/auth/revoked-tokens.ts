import { eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { revokedToken } from '../db/schema';

/** The data layer of sign-out: ended session tokens, by their `jti`, until their own expiry. */
export async function isTokenRevoked(db: Tx, jti: string): Promise<boolean> {
  const [row] = await db.select({ jti: revokedToken.jti }).from(revokedToken).where(eq(revokedToken.jti, jti));
  return row !== undefined;
}

/** Forgets the tokens past their expiry (the daily job; sign-out does it too). */
export async function purgeExpiredRevokedTokens(db: Tx): Promise<void> {
  await db.delete(revokedToken).where(lt(revokedToken.expiresAt, sql`now()`));
}

/** Also forgets tokens past their expiry: the signature check refuses them on its own. */
export async function revokeToken(db: Tx, jti: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(revokedToken).where(lt(revokedToken.expiresAt, sql`now()`));
    await tx.insert(revokedToken).values({ jti, expiresAt: expiresAt.toISOString() }).onConflictDoNothing();
  });
}
