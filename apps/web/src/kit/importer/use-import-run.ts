import { type EntityDeclaration, groupImportRows } from '@ebox/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../app/error-handler';
import type { EntityEndpoints } from '../entity-api';
import { fieldLabel } from '../entity-labels';
import { validateRecord } from '../validation';
import { sha256Hex } from './sha256';
import type { ImportFileRow } from './workbook';

/** Spec 9: rows are sent in batches of 10. */
export const IMPORT_BATCH_SIZE = 10;

export type ImportRowStatus = 'pending' | 'imported' | 'error';
/**
 * One record of the file: its first row's line and cells, and, for an entity whose records span
 * rows (`importGroupBy`: a route's stops), every row it came from (`sourceRows`, for the lines shown
 * and the failed rows file).
 */
export type ImportRow = ImportFileRow & {
  status: ImportRowStatus;
  message?: string;
  data?: Record<string, unknown>;
  sourceRows?: ImportFileRow[];
};
export type ImportPhase = 'idle' | 'ready' | 'running' | 'pausing' | 'paused' | 'finished';

/**
 * The import of a read file (spec 5.4): every row validated with entitySchema(entity, 'import')
 * (invalid rows are marked error with the message and never sent), then valid rows sent to
 * POST /{path}/import in batches of 10 with the SHA-256 of the row's JSON as importHash. A pause
 * takes effect between batches; resume continues with the rows still pending.
 */
export function useImportRun(entity: EntityDeclaration, endpoints: EntityEndpoints) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [phase, setPhase] = useState<ImportPhase>('idle');
  const rowsRef = useRef<ImportRow[]>([]);
  const pauseRequested = useRef(false);
  const alive = useRef(true);
  // A reset (another file) while a batch is in flight must not let that batch write into the new run.
  const generation = useRef(0);

  useEffect(() => {
    alive.current = true;
    return () => {
      // Leaving the page stops the run after the batch in flight.
      alive.current = false;
      pauseRequested.current = true;
    };
  }, []);

  const commit = useCallback((next: ImportRow[]) => {
    rowsRef.current = next;
    if (alive.current) setRows(next);
  }, []);

  const load = useCallback(
    (fileRows: ImportFileRow[]) => {
      const checked = groupImportRows(entity, fileRows).map<ImportRow>((group) => {
        const [first] = group.rows;
        const row: ImportRow = { ...(first as ImportFileRow), values: group.values, status: 'pending' };
        if (group.rows.length > 1) row.sourceRows = group.rows;
        if (group.disagreeingColumn) {
          const message = t('kit.importer.groupDisagrees', {
            lines: group.rows.map((source) => source.line).join(', '),
            value: String(group.values[entity.importGroupBy ?? ''] ?? ''),
            column: fieldLabel(t, entity, group.disagreeingColumn),
          });
          return { ...row, status: 'error', message };
        }
        const result = validateRecord(t, entity, 'import', row.values);
        return result.ok
          ? { ...row, status: 'pending', data: result.data }
          : { ...row, status: 'error', message: result.messages.join('; ') };
      });
      commit(checked);
      setPhase('ready');
    },
    [commit, entity, t],
  );

  const run = useCallback(async () => {
    const mine = generation.current;
    const current = () => alive.current && generation.current === mine;
    pauseRequested.current = false;
    setPhase('running');
    while (current()) {
      const batch = rowsRef.current.filter((row) => row.status === 'pending').slice(0, IMPORT_BATCH_SIZE);
      if (!batch.length) {
        setPhase('finished');
        return;
      }
      const outcomes = await Promise.all(
        batch.map(async (row): Promise<Pick<ImportRow, 'line' | 'status' | 'message'>> => {
          try {
            const importHash = await sha256Hex(JSON.stringify(row.values));
            await endpoints.importRow(row.data ?? {}, importHash);
            return { line: row.line, status: 'imported' };
          } catch (error) {
            return { line: row.line, status: 'error', message: errorMessageOf(error, t) };
          }
        }),
      );
      if (!current()) return;
      const byLine = new Map(outcomes.map((outcome) => [outcome.line, outcome]));
      commit(rowsRef.current.map((row) => (byLine.has(row.line) ? { ...row, ...byLine.get(row.line) } : row)));
      if (pauseRequested.current) {
        setPhase('paused');
        return;
      }
    }
  }, [commit, endpoints, t]);

  const pause = useCallback(() => {
    pauseRequested.current = true;
    setPhase('pausing');
  }, []);

  const reset = useCallback(() => {
    generation.current += 1;
    pauseRequested.current = true;
    commit([]);
    setPhase('idle');
  }, [commit]);

  const counts = {
    total: rows.length,
    imported: rows.filter((row) => row.status === 'imported').length,
    errors: rows.filter((row) => row.status === 'error').length,
    pending: rows.filter((row) => row.status === 'pending').length,
  };

  return { rows, phase, counts, load, start: run, resume: run, pause, reset };
}
