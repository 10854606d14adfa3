import type { EntityDeclaration } from '@ebox/domain';
import { getToken, startEarlyGet } from '../../app/api-client';
import type { ListRequest } from '../entity-api';
import { toApiFilter } from './filters';
import { type ListState, listStateOf } from './list-state';

/** The API request for a list's state: the list asks it, and a list route's loader asks it first. */
export function listRequestOf(entity: EntityDeclaration, state: ListState, fixedFilter?: Record<string, unknown>): ListRequest {
  return {
    filter: toApiFilter(entity, { ...state.filter, ...fixedFilter }),
    orderBy: state.orderBy,
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
  };
}

/**
 * Asks the page of records a list's URL shows as the console starts, beside the session and the
 * route's chunks, instead of after them; the list's own query takes the answer (api-client's early GETs).
 */
export function startFirstPage(entity: EntityDeclaration, url: URL): void {
  if (!getToken()) return;
  startEarlyGet(`/${entity.path}`, listRequestOf(entity, listStateOf(url.searchParams)));
}
