import { defineEntity } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listQuerySchema } from '../../kit/list-query';
import { listRows, resourceOf } from '../../kit/repository';
import { uuidArray } from '../../kit/scope';
import { type CompanyScope, requirePermission, requireUser, scopeOf } from '../../platform/access';
import { auditLog } from '../../platform/db/schema';

/**
 * The audit log is read through the kit's list engine with a declaration of its own (not a
 * declared entity: nobody creates or edits audit rows through the API).
 */
export const auditLogEntity = defineEntity({
  name: 'auditLog',
  path: 'auditLog',
  table: 'audit_log',
  labelField: 'entityName',
  scope: { kind: 'none' },
  fields: {
    entityName: { type: 'text' },
    entityId: { type: 'text' },
    action: { type: 'text' },
    values: { type: 'object', fields: {} },
    timestamp: { type: 'dateTime' },
    createdByEmail: { type: 'text' },
  },
  listColumns: ['timestamp', 'entityName', 'entityId', 'action', 'createdByEmail'],
  filters: ['entityName', 'entityId', 'action', 'createdByEmail', 'timestamp'],
  importColumns: [],
  defaultOrderBy: 'timestamp_DESC',
  noImport: true,
});

const resource = resourceOf(auditLogEntity, auditLog);

/**
 * Spec 5.5 on the log: a caller limited to companies reads only entries whose record belonged to
 * those companies alone (company_ids, written with each entry). Entries without companies (system
 * entities, records of no company) are for callers with no company limit.
 */
function visibleEntries(scope: CompanyScope): SQL[] {
  if (!scope.companyIds) return [];
  if (!scope.companyIds.length) return [sql`false`];
  return [sql`${auditLog.companyIds} <@ ${uuidArray(scope.companyIds)}`];
}

export async function registerAuditLogRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/auditLog',
      { schema: { tags: ['auditLog'], querystring: listQuerySchema }, preHandler: requirePermission('auditLogRead') },
      async (request) => {
        const scope = scopeOf(requireUser(request));
        const { rows, count } = await listRows(app.deps.db, resource, request.query, scope, visibleEntries(scope));
        return {
          rows: rows.map((row) => ({ ...row, timestamp: new Date(String(row.timestamp)).toISOString() })),
          count,
        };
      },
    );
}
