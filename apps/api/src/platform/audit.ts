import { type AuditActionName, ENTITIES, SECRET_AUDIT_VALUES, secretFieldsOf } from '@ebox/domain';
import { getTableColumns, inArray } from 'drizzle-orm';
import { driverOf } from '../kit/driver';
import type { Principal } from './context';
import type { Tx } from './db/client';
import { entityTable } from './db/entity-tables';
import { auditLog } from './db/schema';

/** Only the domain's declared actions: a new one is listed (and translated) there first (AUDIT_ACTIONS). */
export type AuditAction = AuditActionName;

export type AuditEntry = {
  entityName: string;
  entityId: string | null;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
  /** Who acted: a person (`{id, email}`), or any actor through `auditByOf(principal)`. */
  by: AuditBy | null;
  /**
   * The companies of a record scoped through another, when the caller already holds them (a
   * compartment's locker's company): the lookup is skipped. Must equal what it would find.
   */
  companyIds?: string[] | null;
};

/** A person's id and email; system and terminal actors have no id or email, only their label. */
export type AuditBy = { id: string | null; email: string | null; label?: string };

/** The audit's "who" of any actor: people keep their email in createdByEmail, every actor its label. */
export function auditByOf(principal: Principal): AuditBy {
  return { id: principal.userId, email: principal.userId ? principal.label : null, label: principal.label };
}

function companyListOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * The companies an entry's record belonged to, before and after the change: the log shows a
 * limited caller only entries whose companies are all theirs. null (only callers with no company
 * limit see the entry) for records of entities that are not company-scoped (roles, settings, locker
 * groups, building units), records without a company, and users limited to no company (who belong
 * to every company).
 */
export function auditCompaniesOf(entry: AuditEntry): string[] | null {
  const records = [entry.before, entry.after].filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object');
  let lists: string[][];
  if (entry.entityName === 'user') {
    lists = records.map((record) => companyListOf(record.allowedCompanies));
  } else {
    const scope = ENTITIES[entry.entityName]?.scope;
    if (scope?.kind === 'self') return entry.entityId ? [entry.entityId] : null;
    if (scope?.kind !== 'company') return null;
    lists = records.map((record) => (record[scope.field] ? [String(record[scope.field])] : []));
  }
  if (!lists.length || lists.some((list) => !list.length)) return null;
  return [...new Set(lists.flat())];
}

function textValue(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}

/**
 * The record's label at the time of the change, kept with the entry (docs/decisions.md "Audit
 * log in words"): the record as it became, or as it was when deleted; a user by name, else email.
 */
export function auditLabelOf(entry: Pick<AuditEntry, 'entityName' | 'before' | 'after'>): string | null {
  const records = [entry.after, entry.before].filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object');
  for (const record of records) {
    const label =
      entry.entityName === 'user'
        ? (textValue(record.fullName) ?? textValue(record.email))
        : textValue(record[ENTITIES[entry.entityName]?.labelField ?? ''] ?? null);
    if (label) return label;
  }
  return null;
}

/**
 * The companies of a record scoped through another (a compartment through its locker): those of the
 * records it belongs to, before and after, so a company's people read its compartments' history.
 */
async function throughCompaniesOf(tx: Tx, entry: AuditEntry): Promise<string[] | null> {
  const scope = ENTITIES[entry.entityName]?.scope;
  if (scope?.kind !== 'through') return auditCompaniesOf(entry);
  const target = ENTITIES[scope.entity];
  if (target?.scope.kind !== 'company') return null;
  const records = [entry.before, entry.after].filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object');
  const parents = records.flatMap((record) => {
    const parent = record[scope.field];
    return typeof parent === 'string' && parent ? [parent] : [];
  });
  if (!parents.length || parents.length !== records.length) return null;
  const table = entityTable(target.name);
  const { id, [target.scope.field]: company } = getTableColumns(table);
  if (!id || !company) throw new Error(`${target.name} has no column id or ${target.scope.field}`);
  const rows = await tx.select({ id, company }).from(table).where(inArray(id, parents));
  const companyOf = new Map(rows.map((row) => [String(row.id), row.company ? String(row.company) : null]));
  const companies = parents.flatMap((parent) => companyOf.get(parent) ?? []);
  if (companies.length !== parents.length) return null;
  return [...new Set(companies)];
}

/**
 * Every change writes one: a fixed statement sent as text, not built by drizzle's insert builder
 * each time (issue 9: building it cost more CPU than PostgreSQL spends on the row). The values are
 * those the builder would send (the jsonb as JSON text, the uuid[] as an array).
 */
const AUDIT_INSERT = `insert into "audit_log" ("entity_name", "entity_id", "entity_label", "action", "values", "created_by_id", "created_by_email", "actor_label", "company_ids")
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

/** `companyIds` of an entry whose record belongs to a record of this company (null: no company). */
export function companiesOfOwner(company: string | null | undefined): string[] | null {
  return company ? [company] : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** Secret field names by entity, found once: a heartbeat batch audits thousands of lockers in one call. */
const secretFieldsByEntity = new Map<string, string[]>();

function secretFieldsOfEntity(entityName: string): string[] {
  let secrets = secretFieldsByEntity.get(entityName);
  if (!secrets) {
    secrets = secretFieldsOf(ENTITIES[entityName]?.fields ?? {});
    secretFieldsByEntity.set(entityName, secrets);
  }
  return secrets;
}

/**
 * The entry's before and after without the values of its entity's secret fields (an order's access
 * code, issue 25): a value there reads '[secret]', and on the after side '[changed]' when it is not
 * the one before, so the log says the code changed and never what it is or was.
 */
function withoutSecrets(entry: AuditEntry): { before: unknown; after: unknown } {
  const secrets = secretFieldsOfEntity(entry.entityName);
  const before = entry.before ?? null;
  const after = entry.after ?? null;
  if (!secrets.length) return { before, after };
  const masked = (record: unknown, changed: (name: string) => boolean) => {
    if (!isRecord(record)) return record;
    const copy = { ...record };
    for (const name of secrets) {
      const value = copy[name];
      if (value === null || value === undefined || value === '') continue;
      copy[name] = changed(name) ? SECRET_AUDIT_VALUES.changed : SECRET_AUDIT_VALUES.kept;
    }
    return copy;
  };
  const old = isRecord(before) ? before : null;
  const newer = isRecord(after) ? after : null;
  return {
    before: masked(before, () => false),
    after: masked(after, (name) => old !== null && newer !== null && (old[name] ?? null) !== (newer[name] ?? null)),
  };
}

async function auditRowOf(tx: Tx, entry: AuditEntry) {
  return {
    entityName: entry.entityName,
    entityId: entry.entityId,
    entityLabel: auditLabelOf(entry),
    action: entry.action,
    values: withoutSecrets(entry),
    createdById: entry.by?.id ?? null,
    createdByEmail: entry.by?.email ?? null,
    actorLabel: entry.by?.label ?? entry.by?.email ?? null,
    companyIds: entry.companyIds !== undefined ? entry.companyIds : await throughCompaniesOf(tx, entry),
  };
}

/** Rows of one multi-row INSERT: 9 parameters each, far under PostgreSQL's 65,535. */
const AUDIT_ROWS_PER_INSERT = 1_000;

/**
 * Many audit rows in one INSERT per thousand, for a change of many records at once (10,000 lockers
 * coming online in one heartbeat batch): one round trip instead of one per record.
 */
export async function writeAudits(tx: Tx, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += AUDIT_ROWS_PER_INSERT) {
    const rows = [];
    for (const entry of entries.slice(start, start + AUDIT_ROWS_PER_INSERT)) rows.push(await auditRowOf(tx, entry));
    await tx.insert(auditLog).values(rows);
  }
}

/** Call inside the mutation's transaction, so the change and its audit row commit together. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  const row = await auditRowOf(tx, entry);
  const driver = driverOf(tx);
  if (!driver) {
    await tx.insert(auditLog).values(row);
    return;
  }
  await driver.query({
    text: AUDIT_INSERT,
    values: [
      row.entityName,
      row.entityId,
      row.entityLabel,
      row.action,
      auditLog.values.mapToDriverValue(row.values),
      row.createdById,
      row.createdByEmail,
      row.actorLabel,
      row.companyIds,
    ],
  });
}
