import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { storedFile } from '../../platform/db/schema';

export type StoredFile = typeof storedFile.$inferSelect;

export async function insertStoredFile(db: Tx, file: typeof storedFile.$inferInsert): Promise<StoredFile> {
  const [row] = await db.insert(storedFile).values(file).returning();
  if (!row) throw new Error('stored_file insert returned nothing');
  return row;
}

export async function findStoredFile(db: Tx, id: string): Promise<StoredFile | null> {
  const [row] = await db.select().from(storedFile).where(eq(storedFile.id, id));
  return row ?? null;
}

/** Records the size of a signed upload's bytes, once: false when another upload got there first. */
export async function markStoredFileReceived(db: Tx, id: string, sizeInBytes: number): Promise<boolean> {
  const rows = await db
    .update(storedFile)
    .set({ sizeInBytes })
    .where(and(eq(storedFile.id, id), eq(storedFile.sizeInBytes, 0)))
    .returning({ id: storedFile.id });
  return rows.length === 1;
}
