import { DECLARED_ENTITIES, type ExportFormat, formatDateTimeInZone, isPlainObject } from '@ebox/domain';
import { requestMailedExport, runMailedExport } from '../../../kit/mailed-export/service';
import { authorizeFilters } from '../../../kit/service';
import { authorize, type ServiceContext } from '../../../platform/context';
import { badRequest } from '../../../platform/errors';
import { ORDER_PERIOD_MAX_DAYS } from '../policy';
import { type OrderExportPayload, orderExportJob } from './export-job';

const DAY = 24 * 60 * 60 * 1000;

export type OrderExportRequest = {
  filter?: Record<string, unknown>;
  orderBy?: string;
  timezone?: string;
  format?: ExportFormat;
  /** The columns the user chose; every export column of the order when none is named. */
  fields?: unknown;
};

function boundsOf(value: unknown): [unknown, unknown] {
  if (Array.isArray(value)) return [value[0], value[1]];
  if (isPlainObject(value)) {
    const record = value;
    return [record[0] ?? record.from ?? record.start, record[1] ?? record.to ?? record.end];
  }
  return [undefined, undefined];
}

/** The creation period the export needs (filter[createdAt] = [from, to]), at most 31 days long. */
export function exportPeriodOf(filter: Record<string, unknown> | undefined): { from: Date; to: Date } {
  const [start, end] = boundsOf(filter?.createdAt);
  const from = typeof start === 'string' && start ? new Date(start) : null;
  const to = typeof end === 'string' && end ? new Date(end) : null;
  if (!from || !to) throw badRequest('errors.orderExport.periodRequired');
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw badRequest('errors.invalidFilter', { field: 'createdAt' });
  if (to.getTime() < from.getTime()) throw badRequest('errors.orderExport.periodInvalid');
  // The same rule and words as the order list's period (policy.ts).
  if (to.getTime() - from.getTime() > ORDER_PERIOD_MAX_DAYS * DAY)
    throw badRequest('entities.order.errors.periodTooLong', { days: ORDER_PERIOD_MAX_DAYS });
  return { from, to };
}

/** The order's side of the shared mailed export (kit/mailed-export/). */
const ORDER_EXPORT = { entity: 'order', permission: 'orderExport' } as const;

/**
 * GET /order/export: checks the caller may export and what they asked (permission, period,
 * filters), queues the job and answers at once; the file comes by mail.
 */
export async function requestOrderExport(ctx: ServiceContext, query: OrderExportRequest): Promise<{ success: true }> {
  authorize(ctx, 'orderExport');
  authorize(ctx, 'orderRead');
  // The export narrows by the same filters as the list, under the same filter permissions.
  authorizeFilters(ctx, DECLARED_ENTITIES.order, query.filter);
  // The order's own rule: a creation period of at most 31 days.
  const period = exportPeriodOf(query.filter);
  return requestMailedExport(ctx, { ...ORDER_EXPORT, job: orderExportJob }, query, { period });
}

/** The job: the shared run, its mail naming the period asked in the user's time zone. */
export async function runOrderExport(ctx: ServiceContext, payload: OrderExportPayload): Promise<void> {
  await runMailedExport(ctx, ORDER_EXPORT, payload, (asked) => ({
    from: asked.period ? formatDateTimeInZone(asked.period.from, asked.timeZone) : '',
    to: asked.period ? formatDateTimeInZone(asked.period.to, asked.timeZone) : '',
  }));
}
