import {
  type AuditLogRecord,
  auditActorText,
  auditChangesOf,
  auditChangeText,
  auditEventTextOf,
  auditLogEntity,
  auditReferencesOf,
  ENTITIES,
  formatDateTimeInZone,
  isPlainObject,
  isRoutineTerminalReport,
  TERMINAL_ACTOR_PREFIX,
  translatorFor,
} from '@ebox/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { ListTotal } from '../../kit/counts';
import { DEFAULT_EXPORT_TIME_ZONE, type ExportFile, type ExportOptions, openExport, parseExportFields } from '../../kit/export';
import { labels } from '../../kit/labels';
import type { ListQuery } from '../../kit/list-query';
import { listRows, listSelect, type Row, resourceOf, rowFromDriver } from '../../kit/repository';
import { uuidArray } from '../../kit/scope';
import { type CompanyScope, scopeOfActor } from '../../platform/access';
import { authorize, dbOf, type ServiceContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { auditLog } from '../../platform/db/schema';
import type { EntityRules } from '../../platform/entity-rules';
import { badRequest } from '../../platform/errors';
import { authorNamesOf, type LockerCodes, lockerCodesOf, routineCondition } from './repository';

/**
 * Reading the audit log: the kit's list engine (declared filters, sorting, paging) over the
 * audit_log table with the domain's declaration, within the caller's rights and companies. Each
 * entry is answered with what wording it needs (docs/decisions.md "Audit log in words"): the
 * record's label kept with it, its author's name and the labels of the records its values name.
 */

const resource = resourceOf(auditLogEntity, auditLog);

/** Excel has no time zone: the export words dates where the reader is, São Paulo unless told. */

/**
 * Spec 5.5 on the log: a caller limited to companies reads only entries whose record belonged to
 * those companies alone (company_ids, written with each entry). Entries without companies (system
 * entities, records of no company) are for callers with no company limit.
 */
function visibleEntries(companyIds: string[] | null): SQL[] {
  if (!companyIds) return [];
  if (!companyIds.length) return [sql`false`];
  return [sql`${auditLog.companyIds} <@ ${uuidArray(companyIds)}`];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filterValues(value: unknown): string[] {
  return (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
    .map((item) => String(item).trim())
    .filter(Boolean);
}

/**
 * Filters the kit's text matching cannot express (docs/api-contract.md "Settings, audit, files"):
 * - `entityName` names entities exactly (one or a list): the console picks them by their
 *   translated names, and a contains-match would mix `building` with `buildingLevel1`;
 * - `entityLabel` finds a record by its name, or by its id when it is one (a pasted UUID);
 * - `actorLabel` is who acted: a person picked by id (the console's picker of users), else the
 *   label as stored (`system:messageSender`, an e-mail), matched exactly when it is a system or
 *   terminal actor and as a part otherwise;
 * - `entityId` (a record's history) is exact; `createdByEmail` matches a part, as it always did;
 * - `routine` (true or false) keeps only, or leaves out, the terminals' routine reports.
 */
function splitQuery(query: ListQuery): { query: ListQuery; conditions: SQL[] } {
  const { entityName, entityId, entityLabel, actorLabel, createdByEmail, routine, ...filter } = query.filter ?? {};
  const conditions: SQL[] = [];
  const [routineValue] = filterValues(routine);
  if (routineValue !== undefined) {
    if (routineValue !== 'true' && routineValue !== 'false') throw badRequest('errors.validation');
    conditions.push(routineCondition(routineValue === 'true'));
  }
  const names = filterValues(entityName);
  if (names.length) conditions.push(inArray(auditLog.entityName, names));
  const ids = filterValues(entityId);
  if (ids.length) conditions.push(inArray(auditLog.entityId, ids));
  const [email] = filterValues(createdByEmail);
  if (email) conditions.push(sql`${auditLog.createdByEmail} ILIKE ${`%${escapeLike(email)}%`}`);
  const [record] = filterValues(entityLabel);
  if (record) {
    const byName = sql`${auditLog.entityLabel} ILIKE ${`%${escapeLike(record)}%`}`;
    conditions.push(UUID.test(record) ? sql`(${auditLog.entityId} = ${record.toLowerCase()} OR ${byName})` : byName);
  }
  const [actor] = filterValues(actorLabel);
  if (actor) conditions.push(actorCondition(actor));
  return { query: { ...query, filter }, conditions };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function actorCondition(actor: string): SQL {
  if (UUID.test(actor)) return eq(auditLog.createdById, actor.toLowerCase());
  if (/^(system|terminal):/.test(actor)) return eq(auditLog.actorLabel, actor);
  return sql`${auditLog.actorLabel} ILIKE ${`%${escapeLike(actor)}%`}`;
}

function toIso(value: unknown): string {
  return new Date(String(value)).toISOString();
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

type EntryExtras = { authorName: string | null; lockerCode: string | null; references: Record<string, string> };

function presentEntry(row: Row, extra: EntryExtras): AuditLogRecord {
  const values = row.values && typeof row.values === 'object' && !Array.isArray(row.values) ? { ...row.values } : {};
  return {
    id: row.id,
    entityName: textOrNull(row.entityName),
    entityId: textOrNull(row.entityId),
    entityLabel: textOrNull(row.entityLabel),
    action: textOrNull(row.action),
    values,
    timestamp: toIso(row.timestamp),
    createdByEmail: textOrNull(row.createdByEmail),
    actorLabel: textOrNull(row.actorLabel),
    authorName: extra.authorName,
    lockerCode: extra.lockerCode,
    routine: isRoutineTerminalReport({ action: textOrNull(row.action), actorLabel: textOrNull(row.actorLabel) }),
    references: extra.references,
    changes: null,
  };
}

/**
 * The labels of the records the entries' values name, looked up once per related entity and
 * within the reader's scope: a record of another company, or one deleted since, has none.
 */
async function referencesOf(db: Tx, rows: Row[], scope: CompanyScope, rules: EntityRules): Promise<Map<string, string>> {
  const wanted = new Map<string, Set<string>>();
  for (const row of rows) {
    const values = isPlainObject(row.values) ? row.values : {};
    for (const [target, ids] of auditReferencesOf({ entityName: textOrNull(row.entityName), values })) {
      if (target !== 'user' && !ENTITIES[target]) continue;
      const set = wanted.get(target) ?? new Set();
      for (const id of ids) set.add(id);
      wanted.set(target, set);
    }
  }
  const result = new Map<string, string>();
  for (const [target, ids] of wanted)
    for (const [id, label] of await labels.labelsOf(db, target, [...ids], scope, rules)) result.set(id, label);
  return result;
}

/** The terminal that wrote an entry (`terminal:<terminalId>`), if one did. */
function terminalIdOf(row: Row): string | null {
  const label = textOrNull(row.actorLabel);
  return label?.startsWith(TERMINAL_ACTOR_PREFIX) ? label.slice(TERMINAL_ACTOR_PREFIX.length) || null : null;
}

/** The locker an entry is about: the locker's own entry, or a compartment's locker as its values name it. */
function lockerIdOf(row: Row): string | null {
  if (row.entityName === 'ebox') return textOrNull(row.entityId);
  if (row.entityName !== 'compartiment' || !isPlainObject(row.values)) return null;
  const [after, before] = [row.values.after, row.values.before].map((side) => (isPlainObject(side) ? textOrNull(side.ebox) : null));
  return after ?? before ?? null;
}

function lockerCodeOf(row: Row, codes: LockerCodes): string | null {
  const locker = lockerIdOf(row);
  const terminal = terminalIdOf(row);
  return (locker ? codes.byId.get(locker) : undefined) ?? (terminal ? codes.byTerminal.get(terminal) : undefined) ?? null;
}

/**
 * Each entry with what wording it needs: its author's name (a terminal's by its locker's code), the
 * code of the locker it happened at and the labels of the records its values name, all looked up
 * once for the page and within the reader's scope.
 */
async function presentEntries(db: Tx, rows: Row[], scope: CompanyScope, rules: EntityRules): Promise<AuditLogRecord[]> {
  const emails = rows.map((row) => textOrNull(row.createdByEmail)).filter((email): email is string => Boolean(email));
  const lockerIds = rows.map(lockerIdOf).filter((id): id is string => id !== null && UUID.test(id));
  const terminalIds = rows.map(terminalIdOf).filter((id): id is string => id !== null);
  const [authors, references, codes] = await Promise.all([
    authorNamesOf(db, emails),
    referencesOf(db, rows, scope, rules),
    lockerCodesOf(db, lockerIds, terminalIds, scope),
  ]);
  return rows.map((row) => {
    const email = textOrNull(row.createdByEmail);
    const terminal = terminalIdOf(row);
    const values = isPlainObject(row.values) ? row.values : {};
    const named: Record<string, string> = {};
    for (const ids of auditReferencesOf({ entityName: textOrNull(row.entityName), values }).values())
      for (const id of ids) {
        const label = references.get(id);
        if (label !== undefined) named[id] = label;
      }
    const authorName = email ? (authors.get(email) ?? null) : terminal ? (codes.byTerminal.get(terminal) ?? null) : null;
    return presentEntry(row, { authorName, lockerCode: lockerCodeOf(row, codes), references: named });
  });
}

function scopeOfCaller(ctx: ServiceContext): CompanyScope {
  return scopeOfActor(ctx.actor);
}

/** GET /auditLog (auditLogRead): entries newest first unless the query sorts otherwise. */
export async function listAuditLog(ctx: ServiceContext, query: ListQuery): Promise<{ rows: AuditLogRecord[] } & ListTotal> {
  authorize(ctx, 'auditLogRead');
  const scope = scopeOfCaller(ctx);
  const split = splitQuery({ ...query, language: ctx.language });
  const db = dbOf(ctx);
  const { rows, ...total } = await listRows(db, resource, split.query, scope, [...visibleEntries(scope.companyIds), ...split.conditions]);
  return { rows: await presentEntries(db, rows, scope, ctx.deps.modules), ...total };
}

function labelsById(references: Record<string, unknown> | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [id, label] of Object.entries(references ?? {})) if (typeof label === 'string') result[id] = label;
  return result;
}

/** The label of an audited entity in the reader's language ("Cliente", "Usuário"). */
function entityNameText(t: TFunction, name: string | null): string | null {
  if (!name) return null;
  return t(`entities.${name}.label`, { defaultValue: t(`auditLog.entityNames.${name}`, { defaultValue: name }) });
}

/** A predefined role's stored key as people read it; other labels as they are. */
function displayLabelOf(t: TFunction) {
  return (entityName: string, label: string) =>
    entityName === 'role' ? t(`roles.predefined.${label}.label`, { defaultValue: label }) : label;
}

/**
 * Excel keeps no zone: a date cell is the wall-clock time of `timeZone`, written as if it were UTC
 * (exceljs writes a Date's UTC fields).
 */
function wallClockOf(iso: string, timeZone: string): string {
  const [date, time] = formatDateTimeInZone(iso, timeZone).split(' ');
  const [day, month, year] = (date ?? '').split('/');
  return `${year}-${month}-${day}T${time}:00.000Z`;
}

/**
 * GET /auditLog/export (auditLogRead): the entries the list shows (same filters, sort and company
 * scope) as xlsx through the kit's export, worded: author by name, entity and action translated,
 * the record by its label and the changes as lines of "Field: before → after".
 */
export async function exportAuditLog(
  ctx: ServiceContext,
  query: ListQuery,
  fieldNames: unknown,
  options: ExportOptions = {},
): Promise<ExportFile> {
  const timeZone = options.timeZone ?? DEFAULT_EXPORT_TIME_ZONE;
  authorize(ctx, 'auditLogRead');
  const fields = parseExportFields(auditLogEntity, fieldNames);
  const scope = scopeOfCaller(ctx);
  const split = splitQuery({ ...query, language: ctx.language });
  const db = ctx.deps.db;
  const statement = listSelect(db, resource, split.query, scope, [...visibleEntries(scope.companyIds), ...split.conditions]).toSQL();
  const t = translatorFor(ctx.language);
  const wording = {
    t,
    language: ctx.language,
    formatDateTime: (iso: string) => formatDateTimeInZone(iso, timeZone),
    displayLabel: displayLabelOf(t),
  };
  return openExport({
    db,
    entity: auditLogEntity,
    fields,
    language: ctx.language,
    format: options.format,
    query: { sql: statement.sql, params: statement.params },
    present: async (raws) => {
      const entries = await presentEntries(
        db,
        raws.map((raw) => rowFromDriver(resource, raw)),
        scope,
        ctx.deps.modules,
      );
      return entries.map((entry) => ({
        ...entry,
        timestamp: entry.timestamp ? wallClockOf(entry.timestamp, timeZone) : null,
        authorName: entry.createdByEmail
          ? (entry.authorName ?? entry.createdByEmail)
          : auditActorText(t, entry.actorLabel, entry.authorName),
        entityName: entityNameText(t, entry.entityName),
        entityLabel: entry.entityLabel ? wording.displayLabel(entry.entityName ?? '', entry.entityLabel) : null,
        action: entry.action ? t(`auditLog.actions.${entry.action}`, { defaultValue: entry.action }) : null,
        changes:
          auditEventTextOf(t, entry) ??
          auditChangesOf(entry, { ...wording, references: labelsById(entry.references) })
            .map((change) => auditChangeText(t, change))
            .join('\n'),
      }));
    },
  });
}
