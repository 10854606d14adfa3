import { SYSTEM_ACTOR_RIGHTS } from '../actors';
import { defineEntity } from '../kit/entity';
import { type AnsweredRecord, entityPageSchema } from '../kit/response-schema';
import { ENTITIES } from './index';

/** Entity names that write the audit log besides the declared entities (users, settings, messages). */
const PLATFORM_ENTITIES = ['user', 'settings', 'outbox'];

/** Every entity name an audit entry may carry. */
export const AUDITED_ENTITY_NAMES: readonly string[] = [...new Set([...PLATFORM_ENTITIES, ...Object.keys(ENTITIES)])];

/** The i18n key of an audited entity's name ("Cliente", "Usuário"): a declared entity's label, else the log's own word. */
export function auditedEntityLabelKey(name: string): string {
  return ENTITIES[name] ? `entities.${name}.label` : `auditLog.entityNames.${name}`;
}

/** The `actor_label` of each system actor (`system:messageSender`): the author filter offers them by their words. */
export const SYSTEM_ACTOR_LABELS: readonly string[] = Object.keys(SYSTEM_ACTOR_RIGHTS).map((name) => `system:${name}`);

/**
 * The audit log as a declaration, read through the kit's list engine (filters, sorting, paging) on
 * the server and the kit's list on the web. Not in ENTITIES: nobody creates, edits, imports or
 * deletes audit entries, so it has no generic routes, table of its own or menu entry of the kit.
 */
export const auditLogEntity = defineEntity({
  name: 'auditLog',
  path: 'auditLog',
  table: 'audit_log',
  labelField: 'entityName',
  scope: { kind: 'none' },
  fields: {
    /** Stored as the entity's key ('customer'), shown, sorted and searched as its label ('Cliente'). */
    entityName: { type: 'text', translated: { values: AUDITED_ENTITY_NAMES, key: auditedEntityLabelKey } },
    entityId: { type: 'text' },
    /** The record's label at the time of the change, written with the entry (searchable). */
    entityLabel: { type: 'text' },
    action: { type: 'text' },
    /** {before, after}: the record as it was and as it became (free-form JSON). */
    values: { type: 'object', fields: {} },
    timestamp: { type: 'dateTime' },
    createdByEmail: { type: 'text' },
    /** Who acted, whoever it was: a person's email, `system:<name>` (a job, the seed) or `terminal:<id>` (a locker). */
    actorLabel: { type: 'text' },
    /**
     * Resolved when read, no column: the author's current name (else their email); for a
     * terminal's entry, its locker's code (when the reader may see that locker).
     */
    authorName: { type: 'text', readOnly: true },
    /**
     * Resolved when read, no column: the code of the locker the entry happened at (the locker's own
     * entry, a compartment's locker, else the terminal that wrote it), within the reader's scope.
     */
    lockerCode: { type: 'text', readOnly: true },
    /**
     * Derived from the action and actor, no column: one of the terminals' routine reports
     * (ROUTINE_TERMINAL_ACTIONS). `filter[routine]=false` hides them, `true` keeps only them.
     */
    routine: { type: 'boolean', readOnly: true },
    /** Resolved when read, no column: id → label of the records the values relate to, within the reader's scope. */
    references: { type: 'object', fields: {}, readOnly: true },
    /** No column: the change in words, written by the export (the console words it from `values`). */
    changes: { type: 'text', readOnly: true },
  },
  listColumns: ['timestamp', 'createdByEmail', 'entityName', 'entityLabel', 'action', 'values'],
  // `entityId` and `createdByEmail` are still accepted by GET /auditLog (a record's history, API
  // clients) but not offered on screen: the record is found by its name (or id) in `entityLabel`,
  // the author picked by name or e-mail in `actorLabel` (modules/audit-log/service.ts).
  filters: ['entityName', 'entityLabel', 'action', 'actorLabel', 'timestamp'],
  exportColumns: ['timestamp', 'authorName', 'createdByEmail', 'entityName', 'entityLabel', 'action', 'changes', 'entityId'],
  importColumns: [],
  defaultOrderBy: 'timestamp_DESC',
  noImport: true,
});

/** GET /auditLog: one page of entries and the total; an entry has its own `timestamp`, no created/updated stamps. */
export const auditLogPageSchema = entityPageSchema(auditLogEntity, { timestamps: false });

/** One entry of GET /auditLog; `values` holds `before` and `after`. */
export type AuditLogRecord = AnsweredRecord<typeof auditLogEntity, false>;
