import { PassThrough } from 'node:stream';
import {
  ENTITIES,
  type EntityDeclaration,
  type ExportFormat,
  enumValueLabel,
  exportColumnsOf,
  type Field,
  formatPhone,
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
import { type Cell, type CellKind, CONTENT_TYPES, createSheetWriter, type ExportColumn } from './export-formats';

/**
 * Streams a list as .xlsx (sheet "data") or .csv: rows come from a server-side cursor 5,000 at a
 * time and are written as they arrive, each batch waiting for the download to take the one before,
 * so a million rows need neither the browser nor the API to hold them. Headers and the words of
 * booleans and enumerations are translated once per export, not per cell.
 *
 * Two sources: the kit's own query (`exportSelect`), whose SQL already answers each column as it is
 * shown (relations by label, dates as the wall clock of the export's time zone), read as arrays in
 * the order of `fields`; or any query with a `present` step that shapes its rows into records as
 * the API answers them (IAM, the audit log).
 */

const BATCH = 5000;

/** Dates of an export read as the wall clock of this zone unless the request names one. */
export const DEFAULT_EXPORT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The file an export writes and the time zone its dates read in; `batchSize`, the rows read at a
 * time (5,000 by default), is smaller where the file goes to disk (see the order export job).
 */
export type ExportOptions = { format?: ExportFormat; timeZone?: string; batchSize?: number };

/**
 * An export as plain data, checked and built by the entity's service (rights, filters, SQL): what
 * `openExport` needs besides a database, so that a worker thread can write it (./export-thread.ts).
 */
export type ExportTask = {
  /** The declared entity's name (ENTITIES). */
  entity: string;
  fields: string[];
  language: Language;
  format?: ExportFormat;
  batchSize?: number;
  query: { sql: string; params: unknown[] };
};

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

type ToCell = (value: unknown) => Cell;

const SYSTEM_DATES = new Set(['createdAt', 'updatedAt']);

/** A date as the writers take it (see Cell): SQL answers milliseconds, a `present` step ISO text or a Date. */
function dateCell(value: unknown): Cell {
  if (typeof value === 'number') return value;
  const millis = value instanceof Date ? value.getTime() : Date.parse(String(value));
  return Number.isNaN(millis) ? null : millis;
}

const textCell: ToCell = (value) => (typeof value === 'string' ? value : String(value));

/** Enumeration words in the reader's language, each looked up once per export; the importer takes them back. */
function enumCell(entity: EntityDeclaration, name: string, language: Language): ToCell {
  const words = new Map<string, string>();
  const wordOf = (value: unknown) => {
    const key = String(value);
    let word = words.get(key);
    if (word === undefined) {
      word = enumValueLabel(entity.name, name, key, language);
      words.set(key, word);
    }
    return word;
  };
  return (value) => (Array.isArray(value) ? value.map(wordOf).join(', ') : wordOf(value));
}

function kindOf(field: Field | undefined, name: string): CellKind {
  if (!field) return SYSTEM_DATES.has(name) ? 'date' : 'text';
  if (field.type === 'dateTime') return 'date';
  if (field.type === 'number') return field.currency ? 'currency' : 'number';
  return field.type === 'integer' ? 'number' : 'text';
}

function toCellOf(entity: EntityDeclaration, name: string, language: Language): ToCell {
  const field: Field | undefined = entity.fields[name];
  if (!field) return SYSTEM_DATES.has(name) ? dateCell : textCell;
  switch (field.type) {
    case 'boolean': {
      const t = translatorFor(language);
      const yes = t('resource.boolean.true');
      const no = t('resource.boolean.false');
      return (value) => (value ? yes : no);
    }
    case 'dateTime':
      return dateCell;
    case 'relation': {
      // The kit's query answers the label itself; a presented record holds {id, label} references.
      // Written as the list shows them: a predefined role by its translated name, never 'owner'.
      const t = translatorFor(language);
      const target = ENTITIES[field.entity];
      const labelField = target?.fields[target.labelField];
      const shown = (label: unknown) => textCell(shownText(t, target?.name, target?.labelField, labelField, label) ?? '');
      return (value) =>
        typeof value === 'string'
          ? shown(value)
          : relationRefsOf(value)
              .map((ref) => shown(ref.label))
              .join(', ');
    }
    case 'files':
      return (value) => (isFileRefList(value) ? value.map((file) => file.publicUrl).join(' ') : null);
    case 'enum':
      return enumCell(entity, name, language);
    case 'text': {
      // A phone as people read and dial it (+55 (21) 98765-1234), not its stored digits.
      if (field.phone) return (value) => (typeof value === 'string' ? formatPhone(value) : textCell(value));
      const t = translatorFor(language);
      return (value) => textCell(shownText(t, entity.name, name, field, value));
    }
    case 'stringList':
      return (value) => (Array.isArray(value) ? value.join(' ') : textCell(value));
    case 'dateRange':
    case 'object':
      return (value) => JSON.stringify(value);
    case 'number':
    case 'integer':
      return (value) => (typeof value === 'number' ? value : textCell(value));
    default:
      return textCell;
  }
}

/** A stored value as the list shows it (a `translated` text field's key in the reader's words). */
function shownText(t: (key: string) => string, entityName?: string, path?: string, field?: Field, value?: unknown): unknown {
  const key = entityName && path && field && typeof value === 'string' ? shownValueKey(entityName, path, field, value) : undefined;
  return key ? t(key) : value;
}

export function exportFileName(entity: EntityDeclaration, language: Language, format: ExportFormat = 'xlsx', now = new Date()): string {
  const t = translatorFor(language);
  const label =
    t(`entities.${entity.name}.labelPlural`, { defaultValue: '' }) || t(`entities.${entity.name}.label`, { defaultValue: entity.name });
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${label}_${stamp}.${format}`;
}

/** The pool under drizzle's handle: a cursor needs one connection held for the whole export. */
export function poolOf(db: Db): Pool {
  if (!('$client' in db) || !(db.$client instanceof pg.Pool)) throw new Error('the export needs the node-postgres pool');
  return db.$client;
}

/** An export ready to be sent: its file name and the file's bytes as they are written. */
export type ExportFile = { fileName: string; contentType: string; stream: PassThrough };

export async function openExport(options: {
  db: Db;
  entity: EntityDeclaration;
  fields: string[];
  language: Language;
  format?: ExportFormat;
  batchSize?: number;
  query: { sql: string; params: unknown[] };
  /**
   * Shapes the rows as the caller may see them (labels of related records within their scope).
   * Without it the query answers one column per field, in the order of `fields`, as shown.
   */
  present?: (rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
}): Promise<ExportFile> {
  const { db, entity, fields, language, query, present } = options;
  const format = options.format ?? 'xlsx';
  const batch = options.batchSize ?? BATCH;
  const toCells = fields.map((name) => toCellOf(entity, name, language));
  const cellsOf = (values: (name: string, index: number) => unknown): Cell[] =>
    toCells.map((toCell, index) => {
      const value = values(fields[index], index);
      return value === null || value === undefined ? null : toCell(value);
    });
  const pool = poolOf(db);
  const client = await pool.connect();
  const fetchRows = async (): Promise<Cell[][]> => {
    if (present) {
      const result = await client.query<Record<string, unknown>>(`FETCH ${batch} FROM export_cursor`);
      const records = result.rows.length ? await present(result.rows) : [];
      return records.map((record) => cellsOf((name) => record[name]));
    }
    const result = await client.query<unknown[]>({ text: `FETCH ${batch} FROM export_cursor`, rowMode: 'array' });
    // Each row the driver made becomes its own cells in place: no new array or closure per row
    // (a million-row export made three of them per row).
    const rows = result.rows;
    const width = toCells.length;
    for (const row of rows) {
      row.length = width;
      for (let index = 0; index < width; index += 1) {
        const value = row[index];
        row[index] = value === null || value === undefined ? null : toCells[index](value);
      }
    }
    // The driver's rows, each now holding its cells (converted in place above).
    return rows as Cell[][];
  };
  // The query runs and its first batch is read before any header goes out: a query the database
  // refuses is then an ordinary error answer (400 with a message), not a download cut short.
  let rows: Cell[][];
  try {
    await client.query('BEGIN READ ONLY');
    // The whole result is read: plan for the last row, not the first 10% (a cursor's default).
    await client.query('SET LOCAL cursor_tuple_fraction = 1');
    await client.query(`DECLARE export_cursor NO SCROLL CURSOR FOR ${query.sql}`, query.params);
    rows = await fetchRows();
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
    throw error;
  }
  const stream = new PassThrough();
  const columns: ExportColumn[] = fields.map((name) => ({
    header: headerOf(entity, name, language),
    kind: kindOf(entity.fields[name], name),
  }));

  const run = async () => {
    try {
      const writer = await createSheetWriter(format, stream, columns, language);
      while (rows.length) {
        // The database reads the next batch while this one is written.
        const next = fetchRows();
        next.catch(() => {});
        await writer.writeRows(rows);
        rows = await next;
      }
      await client.query('COMMIT');
      await writer.close();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      client.release();
    }
  };
  void run();
  return { fileName: exportFileName(entity, language, format), contentType: CONTENT_TYPES[format], stream };
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
