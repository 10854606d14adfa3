import { createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { ENTITIES } from '@ebox/domain';
import type { Db } from '../platform/db/client';
import { AppError, type ErrorKind } from '../platform/errors';
import { type ExportTask, openExport } from './export';

/** A file an export wrote: its name for the reader, its type and its size. */
export type WrittenExport = { fileName: string; contentType: string; bytes: number };

/**
 * Writes an export (`openExport`) to `filePath`, whether in the API or in the export's worker
 * thread (../export-worker.ts); a failure leaves no file behind.
 */
export async function writeExportFile(db: Db, task: ExportTask, filePath: string): Promise<WrittenExport> {
  const entity = Object.hasOwn(ENTITIES, task.entity) ? ENTITIES[task.entity] : undefined;
  if (!entity) throw new Error(`unknown entity ${task.entity}`);
  const file = await openExport({ ...task, db, entity });
  try {
    await pipeline(file.stream, createWriteStream(filePath));
  } catch (error) {
    await unlink(filePath).catch(() => {});
    throw error;
  }
  return { fileName: file.fileName, contentType: file.contentType, bytes: (await stat(filePath)).size };
}

/**
 * An error as it crosses from the worker thread (structured clone keeps an Error's message but not
 * its `code`): the fields the API reads to translate it (PostgreSQL's code, an AppError's kind and key).
 */
export type ErrorData = {
  message: string;
  name: string;
  stack?: string;
  props: Record<string, string | number | boolean>;
  app?: { kind: ErrorKind; key: string; params: Record<string, unknown> };
};

export function errorDataOf(error: unknown): ErrorData {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', props: {} };
  const props: ErrorData['props'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') props[key] = value;
  }
  const app = error instanceof AppError ? { kind: error.kind, key: error.key, params: error.params } : undefined;
  return { message: error.message, name: error.name, stack: error.stack, props, app };
}

/** The error again, on the API's side: a PostgreSQL refusal keeps its code, so it is translated as before. */
export function errorFromData(data: ErrorData): Error {
  const error = data.app ? new AppError(data.app.kind, data.app.key, data.app.params) : new Error(data.message);
  if (!data.app) {
    error.name = data.name;
    Object.assign(error, data.props);
  }
  if (data.stack) error.stack = data.stack;
  return error;
}
