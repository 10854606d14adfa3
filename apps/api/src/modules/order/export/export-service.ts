import { randomUUID } from 'node:crypto';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DECLARED_ENTITIES, type ExportFormat, exportColumnsOf, formatDateTimeInZone, isPlainObject } from '@ebox/domain';
import { DEFAULT_EXPORT_TIME_ZONE, parseExportFields } from '../../../kit/export';
import { CONTENT_TYPES } from '../../../kit/export-formats';
import { exportSelect } from '../../../kit/export-query';
import { writeExportInWorker } from '../../../kit/export-thread';
import { resourceOf } from '../../../kit/repository';
import { authorizeFilters, serviceOf } from '../../../kit/service';
import { scopeOfActor } from '../../../platform/access';
import { loadCurrentUser } from '../../../platform/auth/current-user';
import { authorize, contextOf, type ServiceContext, userOf } from '../../../platform/context';
import { AppError, badRequest, forbidden } from '../../../platform/errors';
import { enqueueJob } from '../../../platform/jobs/queue';
import { sendMessage } from '../../../platform/messages';
import { ORDER_PERIOD_MAX_DAYS } from '../policy';
import { type OrderExportPayload, orderExportJob } from './export-job';
import { checkExportLink, EXPORT_LINK_HOURS, exportLinkOf, exportStorageKey } from './export-link';
import { composeOrderExportMail } from './export-mail';

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

/**
 * GET /order/export: checks the caller may export and what they asked (permission, period,
 * filters), queues the job and answers at once; the file comes by mail.
 */
export async function requestOrderExport(ctx: ServiceContext, query: OrderExportRequest): Promise<{ success: true }> {
  authorize(ctx, 'orderExport');
  authorize(ctx, 'orderRead');
  // The export narrows by the same filters as the list, under the same filter permissions.
  authorizeFilters(ctx, DECLARED_ENTITIES.order, query.filter);
  const user = userOf(ctx);
  const period = exportPeriodOf(query.filter);
  const timeZone = query.timezone ?? DEFAULT_EXPORT_TIME_ZONE;
  const order = DECLARED_ENTITIES.order;
  const fields = query.fields === undefined ? exportColumnsOf(order) : parseExportFields(order, query.fields);
  // Built (not run) now, so an unknown filter or sort is this request's 400, not a failed job.
  exportSelect(
    ctx.deps.db,
    resourceOf(order),
    { filter: query.filter, orderBy: query.orderBy, language: ctx.language },
    scopeOfActor(ctx.actor),
    fields,
    timeZone,
  ).toSQL();
  await enqueueJob({ deps: ctx.deps }, orderExportJob, {
    userId: user.id,
    language: ctx.language,
    filter: query.filter ?? {},
    orderBy: query.orderBy,
    timeZone,
    format: query.format,
    fields,
    period: { from: period.from.toISOString(), to: period.to.toISOString() },
  });
  ctx.log.info({ userId: user.id, from: period.from, to: period.to }, 'order export queued');
  return { success: true };
}

/**
 * The job: checks and builds the export as the user who asked (their rights and companies as they
 * are now), has a worker thread stream the spreadsheet to a file (kit/export-thread.ts: the rows'
 * garbage stays in the thread's capped heap), stores it and mails its link.
 */
export async function runOrderExport(ctx: ServiceContext, payload: OrderExportPayload): Promise<void> {
  const { deps } = ctx;
  const user = await loadCurrentUser(deps.db, payload.userId);
  if (!user || user.disabled) {
    ctx.log.warn({ userId: payload.userId }, 'order export dropped: the user is gone or disabled');
    return;
  }
  const asUser = contextOf(deps, { kind: 'user', user }, { language: payload.language, log: ctx.log });
  authorize(asUser, 'orderExport');
  const order = DECLARED_ENTITIES.order;
  // Checked and built here, as the user; read and written by a worker thread with a heap of its own.
  const task = serviceOf('order').exportTask(
    asUser,
    { filter: payload.filter, orderBy: payload.orderBy },
    payload.fields ?? exportColumnsOf(order),
    {
      timeZone: payload.timeZone,
      format: payload.format,
      // A file on disk takes each batch at once, so the next is read while this one is still live:
      // batches of 1,000 keep those rows young garbage where 5,000 were promoted.
      batchSize: 1000,
    },
  );
  const id = randomUUID();
  const temporary = path.join(deps.config.dataDir, 'tmp', `${id}.${task.format ?? 'xlsx'}`);
  await mkdir(path.dirname(temporary), { recursive: true });
  const file = await writeExportInWorker({ db: deps.db, task, filePath: temporary });
  try {
    await deps.storage.putFile(exportStorageKey(id, file.fileName), temporary, file.contentType);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  const expires = Date.now() + EXPORT_LINK_HOURS * 60 * 60 * 1000;
  const link = exportLinkOf({ appUrl: deps.config.appUrl, secret: deps.config.jwtSecret, id, name: file.fileName, expires });
  const mail = composeOrderExportMail(payload.language, {
    to: user.email,
    link,
    hours: EXPORT_LINK_HOURS,
    from: formatDateTimeInZone(payload.period.from, payload.timeZone),
    to_: formatDateTimeInZone(payload.period.to, payload.timeZone),
  });
  await sendMessage({ deps, log: ctx.log }, { channel: 'email', ...mail });
}

export type ExportDownload = { kind: 'stream'; stream: Readable; name: string; contentType: string } | { kind: 'redirect'; url: string };

/** GET /order/export/file/:id/:name: the file for whoever holds an unexpired signed link. */
export async function openExportDownload(
  ctx: ServiceContext,
  link: { id: string; name: string; expires: number; signature: string },
): Promise<ExportDownload> {
  const verdict = checkExportLink(ctx.deps.config.jwtSecret, link);
  if (verdict === 'invalid') throw forbidden('errors.orderExport.linkInvalid');
  if (verdict === 'expired') throw forbidden('errors.orderExport.linkExpired');
  const key = exportStorageKey(link.id, link.name);
  const storage = ctx.deps.storage;
  if (storage.kind === 's3') {
    const url = await storage.downloadUrl(key);
    if (!url) throw new AppError('notFound', 'errors.orderExport.fileGone');
    return { kind: 'redirect', url };
  }
  const stream = storage.open(key);
  if (!stream) throw new AppError('notFound', 'errors.orderExport.fileGone');
  const contentType = link.name.endsWith('.csv') ? CONTENT_TYPES.csv : CONTENT_TYPES.xlsx;
  return { kind: 'stream', stream, name: link.name, contentType };
}
