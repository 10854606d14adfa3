import { type EntityRecord, withImportAliases } from '@ebox/domain';
import type { CompanyScope } from '../platform/access';
import { type AuditEntry, auditByOf, writeAudits } from '../platform/audit';
import { inTransaction, principalOf, type ServiceContext, type TxContext } from '../platform/context';
import type { Db, Tx } from '../platform/db/client';
import { AppError, badRequest, conflict } from '../platform/errors';
import { idempotent } from '../platform/idempotency';
import { assertWritableInScope, checkRelations, importKeyOf, isImportHashViolation, scopeOfContext, validateInput } from './entity-checks';
import { authorizeEntity, policyFor, type WriteOptions, writeRecord } from './entity-write';
import { type BatchJob, createBatchQueue } from './import-batch';
import { withoutRelationLabels } from './labels';
import { type NaturalKeyCache, prefetchNaturalKeys, relationsResolvedByNaturalKeys, resolveNaturalKeys } from './natural-keys';
import { presentRow } from './present';
import { insertImportedRows, type Resource, type Row } from './repository';

/**
 * The kit's import of one row of any declared entity: alone in its own transaction (or the
 * caller's), or written with the rows that arrive beside it (kit/import-batch.ts), answering each
 * row exactly as it would have been answered alone.
 */

type ImportRow = { ctx: ServiceContext; input: unknown; named: Record<string, unknown>; importHash: string; options: WriteOptions };
type ImportJob = BatchJob<ImportRow, EntityRecord>;

/** Imports one row (its input with its import hash), answered as the written record. */
export async function importRecord(
  ctx: ServiceContext,
  resource: Resource,
  input: unknown,
  importHash: string | undefined,
  options: WriteOptions = {},
): Promise<EntityRecord> {
  const { entity } = resource;
  authorizeEntity(ctx, entity, 'Import');
  if (!importHash?.trim()) throw badRequest('errors.importHashRequired');
  const named = validateInput(entity, withImportAliases(entity, input), 'import');
  const row: ImportRow = { ctx, input, named, importHash, options };
  // Rows of an entity without rules of its own, outside a caller's transaction and not
  // repeatable by key, are written with the rows that arrive beside them (kit/import-batch.ts).
  const { beforeWrite, afterCreate } = policyFor(ctx, entity);
  if (ctx.tx || options.idempotencyKey || beforeWrite || afterCreate) return importAlone(resource, row);
  return importQueueOf(resource, ctx.deps.db).submit(row);
}

/** One imported row in its own transaction (or the caller's), as every import was before batches. */
function importAlone(resource: Resource, { ctx, input, named, importHash, options }: ImportRow): Promise<EntityRecord> {
  const { entity } = resource;
  const body = { data: input, importHash };
  return inTransaction(ctx, (tx) =>
    idempotent(tx, { key: options.idempotencyKey, request: `POST /${entity.path}/import`, body }, async () => {
      // Related records named by their natural key become ids before any check reads them.
      const data = await resolveNaturalKeys(tx.tx, entity, named, scopeOfContext(tx));
      const key = importKeyOf(entity, data, importHash);
      try {
        return await writeRecord(tx, resource, null, data, { key, resolved: relationsResolvedByNaturalKeys(entity) });
      } catch (error) {
        // Two imports of the same row racing: the unique index decides, the message stays the same.
        if (isImportHashViolation(entity, error)) throw conflict('errors.importHashExistent');
        throw error;
      }
    }),
  );
}

type ImportQueue = ReturnType<typeof createBatchQueue<ImportRow, EntityRecord>>;

// One queue per resource and database: a process serving one database has one per entity; tests may run several apps.
const importQueues = new WeakMap<Resource, WeakMap<Db, ImportQueue>>();

function importQueueOf(resource: Resource, db: Db): ImportQueue {
  let byDb = importQueues.get(resource);
  if (!byDb) {
    byDb = new WeakMap();
    importQueues.set(resource, byDb);
  }
  let queue = byDb.get(db);
  if (!queue) {
    queue = createBatchQueue<ImportRow, EntityRecord>((jobs) => importTogether(db, resource, jobs));
    byDb.set(db, queue);
  }
  return queue;
}

/** What a batch's transaction decided for each of its rows, settled once it has committed. */
type BatchOutcome = {
  written: { job: ImportJob; answer: EntityRecord; afterCommit: TxContext['afterCommit'] }[];
  refused: { job: ImportJob; error: unknown }[];
  taken: ImportJob[];
};

/**
 * The rows of a batch in one transaction, each checked as `writeRecord` checks a new row and
 * inserted unless a unique index already holds one of its values; their audit rows in one statement.
 * A row refused by a check answers its refusal; a taken row is answered alone afterwards, so its
 * message is exactly the one it would have had (which value is taken, or its import hash). Should
 * the database refuse anything else, the batch's transaction is lost: every row is then written
 * alone, and nothing of the batch stays half-written.
 */
export async function importTogether(db: Db, resource: Resource, jobs: ImportJob[]): Promise<void> {
  const outcome: BatchOutcome = { written: [], refused: [], taken: [] };
  try {
    await db.transaction(async (tx) => {
      const names: NaturalKeyCache = new Map();
      const audits: AuditEntry[] = [];
      for (const { scope, jobs: group } of groupByScope(jobs)) {
        await importGroup(tx, resource, scope, group, names, audits, outcome);
      }
      await writeAudits(tx, audits);
    });
  } catch (error) {
    jobs[0]?.input.ctx.log.warn({ err: error, rows: jobs.length }, 'import batch refused by the database: its rows are written one by one');
    for (const job of jobs) await importAlone(resource, job.input).then(job.resolve, job.reject);
    return;
  }
  for (const { job, answer, afterCommit } of outcome.written) {
    for (const callback of afterCommit) {
      try {
        await callback();
      } catch (error) {
        job.input.ctx.log.error({ err: error }, 'after-commit handler failed');
      }
    }
    job.resolve(answer);
  }
  for (const { job, error } of outcome.refused) job.reject(error);
  for (const job of outcome.taken) await importAlone(resource, job.input).then(job.resolve, job.reject);
}

/** A batch's rows by their senders' company scope: names resolve and rows are labelled within it. */
function groupByScope(jobs: ImportJob[]): { scope: CompanyScope; jobs: ImportJob[] }[] {
  const byScope = new Map<string, { scope: CompanyScope; jobs: ImportJob[] }>();
  for (const job of jobs) {
    const scope = scopeOfContext(job.input.ctx);
    const key = scope.companyIds?.join(',') ?? '*';
    const group = byScope.get(key) ?? { scope, jobs: [] };
    group.jobs.push(job);
    byScope.set(key, group);
  }
  return [...byScope.values()];
}

type CheckedRow = { job: ImportJob; key: string; values: Record<string, unknown>; ctx: TxContext };

/** The rows of one scope: checked one by one, inserted in one statement, their audit entries kept for the batch's. */
async function importGroup(
  tx: Tx,
  resource: Resource,
  scope: CompanyScope,
  group: ImportJob[],
  names: NaturalKeyCache,
  audits: AuditEntry[],
  outcome: BatchOutcome,
): Promise<void> {
  const { entity } = resource;
  await prefetchNaturalKeys(
    tx,
    entity,
    group.map((job) => job.input.named),
    scope,
    names,
  );
  const checked: CheckedRow[] = [];
  for (const job of group) {
    const row = await checkImportedRow(tx, resource, scope, job, names);
    if (row instanceof AppError) outcome.refused.push({ job, error: row });
    else checked.push(row);
  }
  const inserted = await insertImportedRows(
    tx,
    resource,
    checked.map((row) => row.values),
    scope,
  );
  for (const { job, key, ctx } of checked) {
    const row = inserted.get(key);
    // Seen once: a second row of the batch with the same key is answered alone (409).
    inserted.delete(key);
    if (!row) {
      outcome.taken.push(job);
      continue;
    }
    audits.push(importAuditOf(ctx, resource, row));
    outcome.written.push({ job, answer: await presentRow(tx, entity, row, scope, ctx.deps.modules), afterCommit: ctx.afterCommit });
  }
}

/**
 * One row of a batch checked as `writeRecord` checks a new row, with the values to insert; a
 * check's refusal is the row's answer. Anything else lost the transaction (see importTogether).
 */
async function checkImportedRow(
  tx: Tx,
  resource: Resource,
  scope: CompanyScope,
  job: ImportJob,
  names: NaturalKeyCache,
): Promise<CheckedRow | AppError> {
  const { entity } = resource;
  const ctx: TxContext = { ...job.input.ctx, tx, afterCommit: [] };
  try {
    const data = await resolveNaturalKeys(tx, entity, job.input.named, scope, names);
    await checkRelations(tx, entity, data, null, scope, relationsResolvedByNaturalKeys(entity));
    assertWritableInScope(entity, scope, data, true);
    const { userId } = principalOf(ctx.actor);
    const key = importKeyOf(entity, data, job.input.importHash);
    return { job, key, ctx, values: { ...data, createdById: userId, updatedById: userId, importHash: key } };
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

function importAuditOf(ctx: TxContext, resource: Resource, row: Row): AuditEntry {
  return {
    entityName: resource.entity.name,
    entityId: row.id,
    action: 'import',
    before: null,
    after: withoutRelationLabels(resource.entity, row),
    by: auditByOf(principalOf(ctx.actor)),
  };
}
