/** One row of GET /auditLog (docs/architecture.md). */
export type AuditLogRow = {
  id: string;
  entityName: string;
  entityId: string | null;
  action: string;
  values: { before: unknown; after: unknown } | null;
  timestamp: string;
  createdByEmail: string | null;
};

export type AuditLogPage = { rows: AuditLogRow[]; count: number };
