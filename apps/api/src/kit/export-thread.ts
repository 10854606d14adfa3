import { unlink } from 'node:fs/promises';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { Db } from '../platform/db/client';
import { type ExportTask, poolOf } from './export';
import { type ErrorData, errorFromData, type WrittenExport } from './export-file';

/**
 * A large export (the order export by mail: a million rows) written in a worker thread with a heap
 * of its own. Run in the API, the same export grew the process by about 370 MiB: V8 lets its heap
 * grow under the rate node-postgres allocates row strings, though little of it is live. A heap
 * capped for the whole API would cap everything else too; a worker's `resourceLimits` cap only the
 * export, and the API's event loop stays free while the rows are read and written.
 *
 * The API checks the caller's rights and builds the SQL (the entity service's `exportTask`); the
 * worker gets plain data (the database's address, the task, the file's path), opens one
 * connection and runs the same `openExport` as a download does (writeExportFile).
 */

/**
 * The worker's heap: enough for a batch of rows and the zip writer's buffers. V8 collects within
 * the cap instead of growing (a run of 1,000,000 orders: see bench/order-export.ts).
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 16 };

export type ExportWorkerData = { databaseUrl: string; task: ExportTask; filePath: string };
export type ExportWorkerAnswer = { ok: true; written: WrittenExport } | { ok: false; error: ErrorData };

/**
 * The worker's script. Under the TypeScript sources (tests, tsx) a small .mjs registers tsx in the
 * thread before importing the .ts entry, as a worker does not inherit the parent's loaders; in the
 * build (scripts/build.mjs) the entry is bundled as export-worker.js beside main.js and worker.js.
 */
function workerScript(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('../export-worker-tsx.mjs', import.meta.url)
    : new URL('./export-worker.js', import.meta.url);
}

/** The address the API's pool connects with, for the worker's own connection. */
function databaseUrlOf(db: Db): string {
  const url = poolOf(db).options.connectionString;
  if (!url) throw new Error('the export worker needs the database pool made from a connection string');
  return url;
}

/**
 * Writes `task` to `filePath` in a worker thread and answers what was written once the thread has
 * ended. A refusal of the database comes back as the error it is (its PostgreSQL code kept); a
 * thread that dies (out of its heap) is an error of its own; either way no file is left.
 */
export async function writeExportInWorker(options: {
  db: Db;
  task: ExportTask;
  filePath: string;
  /** The thread's heap, RESOURCE_LIMITS unless a test or a benchmark tries others. */
  resourceLimits?: ResourceLimits;
}): Promise<WrittenExport> {
  const { db, task, filePath, resourceLimits = RESOURCE_LIMITS } = options;
  const workerData: ExportWorkerData = { databaseUrl: databaseUrlOf(db), task, filePath };
  try {
    return await new Promise<WrittenExport>((resolve, reject) => {
      const worker = new Worker(workerScript(), { workerData, resourceLimits });
      let answer: ExportWorkerAnswer | undefined;
      let failure: Error | undefined;
      worker.on('message', (message: ExportWorkerAnswer) => {
        answer = message;
      });
      worker.on('error', (error) => {
        failure = error;
      });
      // Settled on exit, not on the answer: the thread's connection is closed by then.
      worker.on('exit', (code) => {
        if (answer?.ok) resolve(answer.written);
        else if (answer) reject(errorFromData(answer.error));
        else if (failure) reject(new Error(`the export worker stopped: ${failure.message}`, { cause: failure }));
        else reject(new Error(`the export worker exited (code ${code}) without an answer`));
      });
    });
  } catch (error) {
    // The worker removes its file on an error it sees; not when it dies.
    await unlink(filePath).catch(() => {});
    throw error;
  }
}
