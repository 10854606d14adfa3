import { defineEntity } from '../kit/entity';
import { type AnsweredRecord, entityPageSchema } from '../kit/response-schema';

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
    entityName: { type: 'text' },
    entityId: { type: 'text' },
    action: { type: 'text' },
    /** {before, after}: the record as it was and as it became (free-form JSON). */
    values: { type: 'object', fields: {} },
    timestamp: { type: 'dateTime' },
    createdByEmail: { type: 'text' },
    /** Who acted, whoever it was: a person's email, `system:<name>` (a job, the seed) or `terminal:<id>` (a locker). */
    actorLabel: { type: 'text' },
  },
  listColumns: ['timestamp', 'createdByEmail', 'entityName', 'action', 'entityId'],
  filters: ['entityName', 'action', 'createdByEmail', 'actorLabel', 'entityId', 'timestamp'],
  importColumns: [],
  defaultOrderBy: 'timestamp_DESC',
  noImport: true,
});

/** GET /auditLog: one page of entries and the total; an entry has its own `timestamp`, no created/updated stamps. */
export const auditLogPageSchema = entityPageSchema(auditLogEntity, { timestamps: false });

/** One entry of GET /auditLog; `values` holds `before` and `after`. */
export type AuditLogRecord = AnsweredRecord<typeof auditLogEntity, false>;
