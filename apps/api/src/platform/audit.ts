import type { Tx } from './db/client';
import { auditLog } from './db/schema';

export type AuditAction = 'create' | 'update' | 'delete' | 'import' | string;

export type AuditEntry = {
  entityName: string;
  entityId: string | null;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
  by: { id: string; email: string } | null;
};

/** Call inside the mutation's transaction, so the change and its audit row commit together. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    entityName: entry.entityName,
    entityId: entry.entityId,
    action: entry.action,
    values: { before: entry.before ?? null, after: entry.after ?? null },
    createdById: entry.by?.id ?? null,
    createdByEmail: entry.by?.email ?? null,
  });
}
