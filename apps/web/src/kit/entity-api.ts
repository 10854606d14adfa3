import { destroyOf, type EntityDeclaration, type ExportFormat, type FileRef, type RelationRef } from '@ebox/domain';
import { api, download, upload } from '../app/api-client';

/** The calls of the generic resource (docs/api-contract.md, "Generic resource (7.3)"). */

export type EntityRecord = { id: string } & Record<string, unknown>;
/** `countCapped`: the total was counted only so far; there are more than `count` (ask `exactCount`). */
export type ListResult = { rows: EntityRecord[]; count: number; countCapped?: true };
export type ListRequest = {
  filter?: Record<string, string | string[]>;
  orderBy?: string;
  limit: number;
  offset: number;
  exactCount?: boolean;
};

/** What an export applies (the list's filters and sort) and the file it writes. */
export type ExportRequest = Pick<ListRequest, 'filter' | 'orderBy'> & { format?: ExportFormat };

/** The reader's time zone: an export writes dates as the wall clock where the reader is. */
export function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export type EntityEndpoints = {
  list(request: ListRequest): Promise<ListResult>;
  find(id: string): Promise<EntityRecord>;
  create(data: Record<string, unknown>): Promise<unknown>;
  update(id: string, data: Record<string, unknown>): Promise<unknown>;
  /** Absent where records are not deleted (IAM users lose roles instead). */
  destroy?: (ids: string[]) => Promise<unknown>;
  importRow(data: Record<string, unknown>, importHash: string): Promise<unknown>;
  exportFile(fields: string[], request: ExportRequest): Promise<{ blob: Blob; fileName: string }>;
};

/** The declaration's route options decide what exists: no delete where the entity refuses it. */
export function endpointsOf(entity: Pick<EntityDeclaration, 'path' | 'routes'>): EntityEndpoints {
  const base = `/${entity.path}`;
  const destroy = destroyOf(entity) ? (ids: string[]) => api.delete(base, { ids }) : undefined;
  return {
    list: (request) => api.get<ListResult>(base, request),
    find: (id) => api.get<EntityRecord>(`${base}/${encodeURIComponent(id)}`),
    create: (data) => api.post(base, { data }),
    update: (id, data) => api.put(`${base}/${encodeURIComponent(id)}`, { id, data }),
    destroy,
    importRow: (data, importHash) => api.post(`${base}/import`, { data, importHash }),
    exportFile: (fields, request) => download(`${base}/export`, { fields, ...request, timezone: timeZone() }),
  };
}

/** Query keys: everything of one entity is invalidated at once after a change. */
export const entityKeys = {
  all: (name: string) => ['entity', name] as const,
  list: (name: string, request: unknown) => ['entity', name, 'list', request] as const,
  find: (name: string, id: string) => ['entity', name, 'find', id] as const,
};

export const AUTOCOMPLETE_LIMIT = 20;
/** The most records an autocomplete call answers (the API's cap). */
export const AUTOCOMPLETE_MAX = 100;

/** GET /{related path}/autocomplete; users are IAM's (spec 7.2). */
export function autocompletePathOf(entityName: string, entities: Record<string, Pick<EntityDeclaration, 'path'>>): string {
  if (entityName === 'user') return '/iam/user/autocomplete';
  return `/${entities[entityName]?.path ?? entityName}/autocomplete`;
}

export function autocomplete(
  path: string,
  query: string,
  limit = AUTOCOMPLETE_LIMIT,
  filter?: Record<string, string>,
): Promise<RelationRef[]> {
  return api.get<RelationRef[]>(path, filter ? { query, limit, filter } : { query, limit });
}

/** POST /file/upload?entity&field, multipart `file` -> FileRef; the field's limits are checked by the server too. */
export function uploadFile(entityName: string, field: string, file: File): Promise<FileRef> {
  return upload<FileRef>('/file/upload', file, { entity: entityName, field });
}

/** Hands a downloaded file to the browser. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
