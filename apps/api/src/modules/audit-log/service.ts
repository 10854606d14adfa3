import { type AuditLogRecord, auditLogEntity } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { ListQuery } from '../../kit/list-query';
import { listRows, type Row, resourceOf } from '../../kit/repository';
import { uuidArray } from '../../kit/scope';
import { authorize, dbOf, principalOf, type ServiceContext } from '../../platform/context';
import { auditLog } from '../../platform/db/schema';

/**
 * Reading the audit log: the kit's list engine (declared filters, sorting, paging) over the
 * audit_log table with the domain's declaration, within the caller's rights and companies.
 */

const resource = resourceOf(auditLogEntity, auditLog);

/**
 * Spec 5.5 on the log: a caller limited to companies reads only entries whose record belonged to
 * those companies alone (company_ids, written with each entry). Entries without companies (system
 * entities, records of no company) are for callers with no company limit.
 */
function visibleEntries(companyIds: string[] | null): SQL[] {
  if (!companyIds) return [];
  if (!companyIds.length) return [sql`false`];
  return [sql`${auditLog.companyIds} <@ ${uuidArray(companyIds)}`];
}

function toIso(value: unknown): string {
  return new Date(String(value)).toISOString();
}

function presentEntry(row: Row): AuditLogRecord {
  const values = row.values && typeof row.values === 'object' && !Array.isArray(row.values) ? { ...row.values } : {};
  return {
    id: row.id,
    entityName: typeof row.entityName === 'string' ? row.entityName : null,
    entityId: typeof row.entityId === 'string' ? row.entityId : null,
    action: typeof row.action === 'string' ? row.action : null,
    values,
    timestamp: toIso(row.timestamp),
    createdByEmail: typeof row.createdByEmail === 'string' ? row.createdByEmail : null,
    actorLabel: typeof row.actorLabel === 'string' ? row.actorLabel : null,
  };
}

/** GET /auditLog (auditLogRead): entries newest first unless the query sorts otherwise. */
export async function listAuditLog(ctx: ServiceContext, query: ListQuery): Promise<{ rows: AuditLogRecord[]; count: number }> {
  authorize(ctx, 'auditLogRead');
  const { companyIds } = principalOf(ctx.actor);
  const { rows, count } = await listRows(dbOf(ctx), resource, query, { companyIds }, visibleEntries(companyIds));
  return { rows: rows.map(presentEntry), count };
}
