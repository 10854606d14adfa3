import type { ListTotal } from '../../kit/counts';
import { scopeOfContext } from '../../kit/entity-checks';
import type { ListQuery } from '../../kit/list-query';
import { presentRows } from '../../kit/present';
import { listRows, type Resource } from '../../kit/repository';
import { authorize, dbOf, type ServiceContext } from '../../platform/context';

const isoOf = (value: unknown) => (value ? new Date(String(value)).toISOString() : null);

/**
 * The message log in the reader's company scope (its texts are stored with the access code masked,
 * send-service.ts).
 */
export async function listOrderMessages(
  ctx: ServiceContext,
  resource: Resource,
  query: ListQuery,
): Promise<{ rows: Record<string, unknown>[] } & ListTotal> {
  authorize(ctx, 'orderRead');
  const db = dbOf(ctx);
  const scope = scopeOfContext(ctx);
  const { rows, ...total } = await listRows(db, resource, { ...query, language: ctx.language }, scope, [], { withLabels: true });
  const presented = await presentRows(db, resource.entity, rows, scope, ctx.deps.modules);
  return {
    ...total,
    rows: presented.map((row) => ({
      ...row,
      createdAt: isoOf(row.createdAt),
      updatedAt: isoOf(row.updatedAt),
      sentAt: isoOf(row.sentAt),
      deliveredAt: isoOf(row.deliveredAt),
      readAt: isoOf(row.readAt),
    })),
  };
}
