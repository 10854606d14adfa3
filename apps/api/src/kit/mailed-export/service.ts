import { randomUUID } from 'node:crypto';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DECLARED_ENTITIES, type ExportFormat, exportColumnsOf, type Permission } from '@ebox/domain';
import { scopeOfActor } from '../../platform/access';
import { loadCurrentUser } from '../../platform/auth/current-user';
import { authorize, contextOf, type ServiceContext, userOf } from '../../platform/context';
import { AppError, forbidden } from '../../platform/errors';
import type { JobDeclaration } from '../../platform/jobs/job';
import { enqueueJob } from '../../platform/jobs/queue';
import { sendMessage } from '../../platform/messages';
import { DEFAULT_EXPORT_TIME_ZONE, parseExportFields } from '../export';
import { CONTENT_TYPES } from '../export-formats';
import { exportSelect } from '../export-query';
import { writeExportInWorker } from '../export-thread';
import { resourceOf } from '../repository';
import { authorizeFilters, serviceOf } from '../service';
import type { MailedExportPayload, mailedExportPayload } from './job';
import { checkExportLink, EXPORT_LINK_HOURS, exportLinkOf, exportStorageKey } from './link';
import { composeExportMail } from './mail';

/**
 * An export the server writes and mails (spec 1: the order's and the payment's): the request is
 * checked and queued at once, a job writes the file in a worker thread as the user who asked,
 * stores it and mails a signed link; the link's route serves the file without a session.
 */
export type MailedExport = {
  /** The entity exported (its declared name: the link's path, the words' keys `mail.<entity>Export`). */
  entity: 'order' | 'payment';
  /** The permission the export needs beside the read. */
  permission: Permission;
};

export type MailedExportRequest = {
  filter?: Record<string, unknown>;
  orderBy?: string;
  timezone?: string;
  format?: ExportFormat;
  /** The columns the user chose; every export column of the entity when none is named. */
  fields?: unknown;
};

type AnyJob = JobDeclaration<typeof mailedExportPayload>;

/** The request: the caller's rights and what they asked checked now (a bad filter is this 400, not a failed job), then queued. */
export async function requestMailedExport(
  ctx: ServiceContext,
  spec: MailedExport & { job: AnyJob },
  query: MailedExportRequest,
  extra: { period?: { from: Date; to: Date } } = {},
): Promise<{ success: true }> {
  const entity = DECLARED_ENTITIES[spec.entity];
  authorize(ctx, spec.permission);
  authorize(ctx, `${spec.entity}Read` as Permission);
  authorizeFilters(ctx, entity, query.filter);
  const user = userOf(ctx);
  const timeZone = query.timezone ?? DEFAULT_EXPORT_TIME_ZONE;
  const fields = query.fields === undefined ? exportColumnsOf(entity) : parseExportFields(entity, query.fields);
  exportSelect(
    ctx.deps.db,
    resourceOf(entity),
    { filter: query.filter, orderBy: query.orderBy, language: ctx.language },
    scopeOfActor(ctx.actor),
    fields,
    timeZone,
  ).toSQL();
  await enqueueJob({ deps: ctx.deps }, spec.job, {
    userId: user.id,
    language: ctx.language,
    filter: query.filter ?? {},
    orderBy: query.orderBy,
    timeZone,
    format: query.format,
    fields,
    period: extra.period && { from: extra.period.from.toISOString(), to: extra.period.to.toISOString() },
  });
  ctx.log.info({ userId: user.id, entity: spec.entity, period: extra.period }, 'mailed export queued');
  return { success: true };
}

/**
 * The job: checks and builds the export as the user who asked (their rights and companies as they
 * are now), has a worker thread stream the spreadsheet to a file (kit/export-thread.ts: the rows'
 * garbage stays in the thread's capped heap), stores it and mails its link; `mailValues` fills the
 * entity's mail words.
 */
export async function runMailedExport(
  ctx: ServiceContext,
  spec: MailedExport,
  payload: MailedExportPayload,
  mailValues: (payload: MailedExportPayload) => Record<string, string> = () => ({}),
): Promise<void> {
  const { deps } = ctx;
  const user = await loadCurrentUser(deps.db, payload.userId);
  if (!user || user.disabled) {
    ctx.log.warn({ userId: payload.userId, entity: spec.entity }, 'export dropped: the user is gone or disabled');
    return;
  }
  const asUser = contextOf(deps, { kind: 'user', user }, { language: payload.language, log: ctx.log });
  authorize(asUser, spec.permission);
  const entity = DECLARED_ENTITIES[spec.entity];
  const task = serviceOf(spec.entity).exportTask(
    asUser,
    { filter: payload.filter, orderBy: payload.orderBy },
    payload.fields ?? exportColumnsOf(entity),
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
    await deps.storage.putFile(exportStorageKey(spec.entity, id, file.fileName), temporary, file.contentType);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  const expires = Date.now() + EXPORT_LINK_HOURS * 60 * 60 * 1000;
  const link = exportLinkOf({
    entity: spec.entity,
    appUrl: deps.config.appUrl,
    secret: deps.config.jwtSecret,
    id,
    name: file.fileName,
    expires,
  });
  const mail = composeExportMail(payload.language, {
    entity: spec.entity,
    to: user.email,
    link,
    hours: EXPORT_LINK_HOURS,
    values: mailValues(payload),
  });
  await sendMessage({ deps, log: ctx.log }, { channel: 'email', ...mail });
}

export type ExportDownload = { kind: 'stream'; stream: Readable; name: string; contentType: string } | { kind: 'redirect'; url: string };

/** GET /<entity>/export/file/:id/:name: the file for whoever holds an unexpired signed link. */
export async function openExportDownload(
  ctx: ServiceContext,
  entity: MailedExport['entity'],
  link: { id: string; name: string; expires: number; signature: string },
): Promise<ExportDownload> {
  const verdict = checkExportLink(ctx.deps.config.jwtSecret, entity, link);
  const words = `errors.${entity}Export`;
  if (verdict === 'invalid') throw forbidden(`${words}.linkInvalid`);
  if (verdict === 'expired') throw forbidden(`${words}.linkExpired`);
  const key = exportStorageKey(entity, link.id, link.name);
  const storage = ctx.deps.storage;
  if (storage.kind === 's3') {
    const url = await storage.downloadUrl(key);
    if (!url) throw new AppError('notFound', `${words}.fileGone`);
    return { kind: 'redirect', url };
  }
  const stream = storage.open(key);
  if (!stream) throw new AppError('notFound', `${words}.fileGone`);
  const contentType = link.name.endsWith('.csv') ? CONTENT_TYPES.csv : CONTENT_TYPES.xlsx;
  return { kind: 'stream', stream, name: link.name, contentType };
}
