import { PassThrough } from 'node:stream';
import {
  ENTITIES,
  type EntityDeclaration,
  exportColumnsOf,
  type Field,
  formatEnumValues,
  isFileRefList,
  type Language,
  relationRefsOf,
  shownValueKey,
  translatorFor,
} from '@ebox/domain';
import type { FastifyReply } from 'fastify';
import pg, { type Pool } from 'pg';
import type { Db } from '../platform/db/client';
import { badRequest } from '../platform/errors';
import { type Row, rowsOf } from './repository';

/**
 * Streams a list as .xlsx (sheet "data"): rows come from a server-side cursor 1,000 at a time and
 * are written as they arrive, so 100,000 rows need neither the browser nor the API to hold them.
 */

const BATCH = 1000;

export function parseExportFields(entity: EntityDeclaration, fields: unknown): string[] {
  const list = (Array.isArray(fields) ? fields : fields ? [fields] : []).map(String).filter(Boolean);
  if (!list.length) throw badRequest('errors.exporterFieldsRequired');
  const allowed = new Set([...exportColumnsOf(entity), ...Object.keys(entity.fields), 'id', 'createdAt', 'updatedAt']);
  for (const name of list) {
    const field = entity.fields[name];
    if (!allowed.has(name) || (field?.type === 'text' && field.secret)) throw badRequest('errors.invalidFilter', { field: name });
  }
  return list;
}

export function headerOf(entity: EntityDeclaration, name: string, language: Language): string {
  const t = translatorFor(language);
  if (!entity.fields[name]) return t(`resource.fields.${name}`, { defaultValue: name });
  return t(`entities.${entity.name}.fields.${name}`, { defaultValue: name });
}

function cellOf(entity: EntityDeclaration, name: string, value: unknown, language: Language): unknown {
  const field: Field | undefined = entity.fields[name];
  if (value === null || value === undefined) return null;
  if (!field) return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : value;
  const t = translatorFor(language);
  switch (field.type) {
    case 'boolean':
      return t(value ? 'resource.boolean.true' : 'resource.boolean.false');
    case 'dateTime':
      return new Date(String(value));
    case 'relation': {
      // Written as the list shows them: a predefined role by its translated name, never 'owner'.
      const target = ENTITIES[field.entity];
      const labelField = target?.fields[target.labelField];
      return relationRefsOf(value)
        .map((ref) => shownText(t, target?.name, target?.labelField, labelField, ref.label))
        .join(', ');
    }
    case 'files':
      return isFileRefList(value) ? value.map((file) => file.publicUrl).join(' ') : null;
    case 'enum':
      // Labels in the reader's language; the importer takes them back (parseEnumValue).
      return formatEnumValues(entity.name, name, Array.isArray(value) ? value.map(String) : [String(value)], language);
    case 'text':
      return shownText(t, entity.name, name, field, value);
    case 'stringList':
      return Array.isArray(value) ? value.join(' ') : value;
    case 'dateRange':
    case 'object':
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** A stored value as the list shows it (a `translated` text field's key in the reader's words). */
function shownText(t: (key: string) => string, entityName?: string, path?: string, field?: Field, value?: unknown): unknown {
  const key = entityName && path && field && typeof value === 'string' ? shownValueKey(entityName, path, field, value) : undefined;
  return key ? t(key) : value;
}

export function exportFileName(entity: EntityDeclaration, language: Language, now = new Date()): string {
  const t = translatorFor(language);
  const label =
    t(`entities.${entity.name}.labelPlural`, { defaultValue: '' }) || t(`entities.${entity.name}.label`, { defaultValue: entity.name });
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${label}_${stamp}.xlsx`;
}

/** The pool under drizzle's handle: a cursor needs one connection held for the whole export. */
function poolOf(db: Db): Pool {
  if (!('$client' in db) || !(db.$client instanceof pg.Pool)) throw new Error('the export needs the node-postgres pool');
  return db.$client;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An export ready to be sent: its file name and the xlsx bytes as they are written. */
export type ExportFile = { fileName: string; contentType: string; stream: PassThrough };

export async function openExport(options: {
  db: Db;
  entity: EntityDeclaration;
  fields: string[];
  language: Language;
  query: { sql: string; params: unknown[] };
  /** Shapes the rows as the caller may see them (labels of related records within their scope). */
  present: (rows: Row[]) => Promise<Record<string, unknown>[]>;
}): Promise<ExportFile> {
  const { db, entity, fields, language, query, present } = options;
  const pool = poolOf(db);
  // Loaded on the first export rather than at start-up: exceljs alone takes most of a second to load.
  const { default: ExcelJS } = await import('exceljs');
  const client = await pool.connect();
  // The query runs and its first batch is read before any header goes out: a query the database
  // refuses is then an ordinary error answer (400 with a message), not a download cut short.
  const fetchRecords = async () => present(rowsOf((await client.query<Record<string, unknown>>(`FETCH ${BATCH} FROM export_cursor`)).rows));
  let records: Record<string, unknown>[];
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`DECLARE export_cursor NO SCROLL CURSOR FOR ${query.sql}`, query.params);
    records = await fetchRecords();
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
    throw error;
  }
  const stream = new PassThrough();
  const fileName = exportFileName(entity, language);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('data');
  sheet.columns = fields.map((name) => {
    const field = entity.fields[name];
    const isDate = field?.type === 'dateTime' || name === 'createdAt' || name === 'updatedAt';
    return {
      header: headerOf(entity, name, language),
      key: name,
      width: isDate ? 18 : 24,
      // Excel writes the separators of the reader's own locale; the format only adds the currency.
      style: isDate ? { numFmt: 'dd/mm/yyyy hh:mm' } : field?.type === 'number' && field.currency ? { numFmt: '"R$" #,##0.00' } : {},
    };
  });

  const run = async () => {
    try {
      // The cursor answers column names of the SELECT aliases, which are the field names.
      for (; records.length; records = await fetchRecords()) {
        for (const record of records) {
          const values: Record<string, unknown> = {};
          for (const name of fields) values[name] = cellOf(entity, name, record[name], language);
          sheet.addRow(values).commit();
        }
      }
      await client.query('COMMIT');
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      client.release();
    }
  };
  void run();
  return { fileName, contentType: XLSX_CONTENT_TYPE, stream };
}

/** Sends an export as the HTTP answer: a download with the file's name. */
export function sendExport(reply: FastifyReply, file: ExportFile): FastifyReply {
  const { fileName } = file;
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'no-store')
    .send(file.stream);
}

/** `openExport` answered over HTTP in one call (IAM's export uses it). */
export async function streamExport(options: Parameters<typeof openExport>[0] & { reply: FastifyReply }): Promise<FastifyReply> {
  const { reply, ...rest } = options;
  return sendExport(reply, await openExport(rest));
}
