import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';

/** Whether a terminal UI version already registered this uploaded file. */
export async function isFileRegistered(db: Tx, fileId: string): Promise<boolean> {
  const build = entityTable('terminalUiVersion');
  const [row] = await db.select({ id: build.id }).from(build).where(eq(build.file, fileId)).limit(1);
  return Boolean(row);
}
