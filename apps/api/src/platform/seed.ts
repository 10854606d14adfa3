import { randomBytes } from 'node:crypto';
import { PREDEFINED_ROLES } from '@ebox/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword } from './auth/passwords';
import type { Db } from './db/client';
import { entityTable } from './db/entity-tables';
import { settings, user } from './db/schema';

/**
 * Keeps the predefined roles of spec 6 in step with packages/domain (insert missing ones, refresh
 * the permissions of existing ones) and makes sure the settings row exists.
 */
/** The role table is built from its declaration, so its columns are not typed: the ids read are checked. */
const idRows = z.array(z.object({ id: z.string() }));

export async function seedRolesAndSettings(db: Db): Promise<Record<string, string>> {
  const role = entityTable('role');
  const ids: Record<string, string> = {};
  for (const [name, permissions] of Object.entries(PREDEFINED_ROLES)) {
    const [existing] = idRows.parse(await db.select({ id: role.id }).from(role).where(sql`lower(${role.name}) = lower(${name})`));
    const [row] = idRows.parse(
      existing
        ? await db
            .update(role)
            .set({ permissions: [...permissions], predefined: true })
            .where(eq(role.id, existing.id))
            .returning({ id: role.id })
        : await db
            .insert(role)
            .values({ name, permissions: [...permissions], predefined: true })
            .returning({ id: role.id }),
    );
    if (row) ids[name] = row.id;
  }
  await db.insert(settings).values({ id: 'default' }).onConflictDoNothing();
  return ids;
}

/** `password`: only one the console made up (start-up prints it once); one given by OWNER_PASSWORD is never returned. */
export type OwnerSeed = { email: string; password: string | null; created: boolean };

/**
 * Creates the owner account when no user holds the owner role. The password is OWNER_PASSWORD or
 * generated and returned once, so start-up can print it: whoever set OWNER_PASSWORD knows it, and a
 * log keeps what it is told longer and shows it wider than that person.
 */
export async function seedOwner(db: Db, roleIds: Record<string, string>, email?: string, password?: string): Promise<OwnerSeed> {
  const ownerRoleId = roleIds.owner;
  if (!ownerRoleId) throw new Error('owner role missing');
  const [existing] = await db.select({ email: user.email }).from(user).where(sql`${ownerRoleId}::uuid = ANY(${user.roles})`).limit(1);
  if (existing) return { email: existing.email, password: null, created: false };
  const ownerEmail = (email ?? 'owner@ebox.local').toLowerCase();
  const ownerPassword = password ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(ownerPassword);
  const [byEmail] = await db.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${ownerEmail}`);
  if (byEmail) {
    await db
      .update(user)
      .set({ roles: [ownerRoleId], passwordHash, emailVerified: true, disabled: false })
      .where(eq(user.id, byEmail.id));
  } else {
    await db.insert(user).values({
      email: ownerEmail,
      passwordHash,
      firstName: 'Owner',
      fullName: 'Owner',
      emailVerified: true,
      roles: [ownerRoleId],
    });
  }
  return { email: ownerEmail, password: password === undefined ? ownerPassword : null, created: true };
}
