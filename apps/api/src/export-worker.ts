import { parentPort, workerData } from 'node:worker_threads';
import { errorDataOf, writeExportFile } from './kit/export-file';
import type { ExportWorkerAnswer, ExportWorkerData } from './kit/export-thread';
import { connectDatabase } from './platform/db/client';

/**
 * The export worker thread (kit/export-thread.ts): writes one export to its file through a
 * connection of its own and answers what it wrote or why it could not; then the thread ends.
 */
async function run(data: ExportWorkerData): Promise<ExportWorkerAnswer> {
  const database = connectDatabase(data.databaseUrl, 1);
  try {
    return { ok: true, written: await writeExportFile(database.db, data.task, data.filePath) };
  } catch (error) {
    return { ok: false, error: errorDataOf(error) };
  } finally {
    await database.close().catch(() => {});
  }
}

if (parentPort) parentPort.postMessage(await run(workerData as ExportWorkerData));
