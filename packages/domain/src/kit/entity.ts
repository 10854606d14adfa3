import type { z } from 'zod';
import type { Permission } from '../permissions';
import { type Field, isSecretField } from './field';
import type { SearchDeclaration } from './search';

/**
 * How rows of an entity are limited to what the caller may see (spec 5.5):
 * - company: through a relation field to company (user.allowedCompanies);
 * - self: the entity is the company itself;
 * - companyGroup: the entity is a locker group; a scoped user sees the groups their allowed
 *   companies are limited to (company.group);
 * - company with lockerGroups (lockers): as company, except that a company limited to a locker
 *   group (company.group) sees the lockers of that group instead of its own;
 * - company with operatedBy (orders): as company, and a `distributionLogistic` company among the
 *   caller's also sees, and moves through the lifecycle, the records it operates (named in that
 *   relation field: an order's carrier); editing and cancelling stay with the record's company;
 * - through: the entity belongs to a record of another scoped entity (a compartment to its
 *   locker, a cluster link to its cluster) and is visible exactly when that record is;
 * - none: visible to anyone holding the read permission.
 */
export type EntityScope =
  | { kind: 'company'; field: string; lockerGroups?: boolean; operatedBy?: string }
  | { kind: 'self' }
  | { kind: 'companyGroup' }
  | { kind: 'through'; field: string; entity: string }
  | { kind: 'none' };

/** A cross-field rule of spec 5.3 that a plain field type cannot express. */
export type EntityRule = {
  /** Message key (i18n) and the field it is reported on. */
  message: string;
  path: string;
  /** Returns true when the record is valid. */
  check: (data: Record<string, unknown>) => boolean;
  /** The message's values when the check fails (the line a template breaks on). */
  values?: (data: Record<string, unknown>) => Record<string, unknown>;
};

/**
 * A named action of an entity beyond the generic resource: the API answers
 * `POST /{path}/:id/{name} {data}` and the service runs the handler registered for it on the server,
 * inside a transaction, with the record locked and the change audited under the action's name.
 */
export type EntityActionDeclaration = {
  permission: Permission;
  /** Schema of the request's `data`; none: the action takes no input. */
  body?: z.ZodType;
};

/**
 * Which generic routes the entity offers (all by default). An entity whose state moves only through
 * its own actions refuses the generic update (an order's status is not edited by PUT); a delete may
 * mean a named action (`destroy: { action: 'cancel' }`: DELETE runs it on each id) or be refused.
 */
export type EntityRoutes = {
  /** false: records are made by the system only (a payment is the gateway's): no POST, no form. */
  create?: boolean;
  update?: boolean;
  /** false: GET /{entity}/export is the module's own (the order's is written by a job and mailed, spec 1). */
  export?: boolean;
  /** A permission the export needs beside the read (spec 6: the order's orderExport). */
  exportPermission?: Permission;
  /** GET /{entity}/export takes `ids`: with rows picked in the list, the export holds those rows only (the payment's). */
  exportTakesIds?: boolean;
  destroy?: boolean | { action: string };
  actions?: Record<string, EntityActionDeclaration>;
  /** Values the create's answer carries once and no answer shows again (a webhook's signing secret). */
  createShowsOnce?: readonly string[];
};

export type EntityDeclaration = {
  /** camelCase name; also the prefix of its permissions and of its translation keys. */
  name: string;
  /** API path segment and screen route, e.g. 'building-level1'. */
  path: string;
  /** Database table, snake_case. */
  table: string;
  fields: Record<string, Field>;
  /** Field shown as the record's label in relations and autocomplete. */
  labelField: string;
  /**
   * Fields that identify a record to a person (name, code, e-mail): an import names a related
   * record by any of them or by its id, matched regardless of case and accents. Defaults to the
   * label field.
   */
  naturalKey?: readonly string[];
  /**
   * Other words a person may use for a record, read in an import before the natural key (a role
   * exported by its translated name 'Leitor' is stored as 'customerViewer'): the stored key or undefined.
   */
  naturalKeyAlias?: (text: string) => string | undefined;
  /** Permission prefix when it is not the entity name (e.g. eboxModuleCompartiment -> eboxModule). */
  permissionPrefix?: string;
  /**
   * A spec-named permission for one action instead of prefix + action (an invoice is read with
   * invoiceRead while it is written with its order's permissions).
   */
  permissions?: Partial<Record<EntityAction, Permission>>;
  scope: EntityScope;
  /** Fields shown as list columns, in order. */
  listColumns: string[];
  /** List column widths in pixels where the field type's default (apps/web/src/kit/list/column-widths.ts) does not fit. */
  listColumnWidths?: Record<string, number>;
  /** Fields offered as list filters. */
  filters: string[];
  /**
   * The form in named groups, in order (issue 29: the order's 25 fields as customer, destination,
   * parcel, dates): each section's title is `entities.<name>.sections.<key>`. A form field no section
   * names is placed in a last, untitled group, so adding a field never hides it from the form.
   */
  formSections?: readonly FormSection[];
  /**
   * Filters only a holder of a permission may use (spec 6 filterEbox, filterCluster...): the API
   * refuses the filter to anyone else (403) and the list does not offer it to them.
   */
  filterPermissions?: Readonly<Record<string, Permission>>;
  /**
   * The one search (kit/search.ts): the fields the command palette, the relation pickers and the
   * list's `filter[search]` find a record by, and how each is looked up. Without it the autocomplete
   * searches the label's contained text.
   */
  search?: SearchDeclaration;
  /** Columns of the import template, in order (spec 3 names them for some entities). */
  importColumns: string[];
  /**
   * A spreadsheet gives one record over several rows sharing this column's value (a route: one row per
   * stop, in drive order): the importer joins them into one record, each list column's cells in row
   * order, before checking and sending it (kit/import-groups.ts). A row may still list several values.
   */
  importGroupBy?: string;
  /** Other names an import row may give a column under (clusterEbox: clusterName for cluster). */
  importAliases?: Record<string, string>;
  /** Columns offered for export; defaults to id, listColumns, createdAt. */
  exportColumns?: string[];
  defaultOrderBy?: string;
  rules?: EntityRule[];
  /** The entity has no importer screen (role). */
  noImport?: boolean;
  /** A parent relation used for nested navigation (module compartments, building levels). */
  parent?: { field: string; entity: string };
  /** Generic routes refused or replaced, and the entity's own actions (default: every generic route, no action). */
  routes?: EntityRoutes;
};

export type FormSection = { key: string; fields: readonly string[] };

export type EntityAction = 'Read' | 'Create' | 'Edit' | 'Destroy' | 'Import' | 'Autocomplete';

export function permissionOf(entity: EntityDeclaration, action: EntityAction): Permission {
  return entity.permissions?.[action] ?? (`${entity.permissionPrefix ?? entity.name}${action}` as Permission);
}

/** The permission a list filter needs, if any (see `filterPermissions`). */
export function filterPermissionOf(entity: Pick<EntityDeclaration, 'filterPermissions'>, name: string): Permission | undefined {
  return entity.filterPermissions && Object.hasOwn(entity.filterPermissions, name) ? entity.filterPermissions[name] : undefined;
}

/** Whether the entity offers the generic POST (and its form). */
export function offersCreate(entity: Pick<EntityDeclaration, 'routes'>): boolean {
  return entity.routes?.create !== false;
}

/** Whether the entity offers the generic PUT. */
export function offersUpdate(entity: Pick<EntityDeclaration, 'routes'>): boolean {
  return entity.routes?.update !== false;
}

/** What DELETE does: the generic delete, a named action, or nothing (refused). */
export function destroyOf(entity: Pick<EntityDeclaration, 'routes'>): 'delete' | { action: string } | null {
  const destroy = entity.routes?.destroy;
  if (destroy === false) return null;
  return typeof destroy === 'object' ? destroy : 'delete';
}

export function defineEntity<const T extends EntityDeclaration>(declaration: T): T {
  return declaration;
}

/** Fields a client may write (everything but read-only ones). */
export function writableFields(entity: EntityDeclaration): [string, Field][] {
  return Object.entries(entity.fields).filter(([, field]) => !field.readOnly);
}

/** The fields an import may name a record of this entity by (see `naturalKey`). */
export function naturalKeyOf(entity: Pick<EntityDeclaration, 'naturalKey' | 'labelField'>): readonly string[] {
  return entity.naturalKey?.length ? entity.naturalKey : [entity.labelField];
}

/** The files an export writes: xlsx (the default) and csv for Excel in Brazil (see the API's kit/export-formats.ts). */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The columns an export offers: never a secret field, whatever the declaration lists. */
export function exportColumnsOf(entity: EntityDeclaration): string[] {
  const columns = entity.exportColumns ?? [...new Set(['id', ...entity.listColumns, 'createdAt'])];
  return columns.filter((name) => !isSecretField(entity.fields[name]));
}
