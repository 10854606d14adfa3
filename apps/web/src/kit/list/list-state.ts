import { isPlainObject } from '@ebox/domain';
import type { TableProps } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Spec 9: page size options and the default. */
export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type ListState = {
  page: number;
  pageSize: number;
  /** col_ASC | col_DESC (spec 7). */
  orderBy?: string;
  /** Filter values as the filter form holds them (relations with their labels). */
  filter: Record<string, unknown>;
};

export type ListStateControl = {
  state: ListState;
  update(patch: Partial<ListState>): void;
  reset(): void;
};

function parseFilter(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}

function parsePageSize(raw: string | null, fallback: number): number {
  const size = Number(raw);
  return PAGE_SIZES.some((option) => option === size) ? size : fallback;
}

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every(isBlank);
  return false;
}

export function compactFilter(filter: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => !isBlank(value)));
}

/** The list state a URL's search parameters hold (also read by a list route's loader, before the page exists). */
export function listStateOf(params: URLSearchParams, defaultPageSize = DEFAULT_PAGE_SIZE): ListState {
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    pageSize: parsePageSize(params.get('pageSize'), defaultPageSize),
    orderBy: params.get('orderBy') || undefined,
    filter: parseFilter(params.get('filter')),
  };
}

/**
 * List state kept in the URL (page, pageSize, orderBy, filter as JSON), so a reload or coming
 * back from a record keeps the filters, sort and page. Changes replace the history entry: Back
 * leaves the list instead of undoing each filter.
 */
export function useUrlListState(defaultPageSize = DEFAULT_PAGE_SIZE): ListStateControl {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ListState>(() => listStateOf(params, defaultPageSize), [params, defaultPageSize]);

  const update = useCallback(
    (patch: Partial<ListState>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...state, ...patch };
          const filter = compactFilter(merged.filter);
          const entries: [string, string | undefined][] = [
            ['page', merged.page > 1 ? String(merged.page) : undefined],
            ['pageSize', merged.pageSize !== defaultPageSize ? String(merged.pageSize) : undefined],
            ['orderBy', merged.orderBy],
            ['filter', Object.keys(filter).length ? JSON.stringify(filter) : undefined],
          ];
          for (const [key, value] of entries) {
            if (value === undefined) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, state, defaultPageSize],
  );

  const reset = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of ['page', 'pageSize', 'orderBy', 'filter']) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  return { state, update, reset };
}

/** The same state held in the component: for lists embedded in another page (a building's levels). */
export function useLocalListState(defaultPageSize = DEFAULT_PAGE_SIZE): ListStateControl {
  const initial: ListState = { page: 1, pageSize: defaultPageSize, filter: {} };
  const [state, setState] = useState<ListState>(initial);
  return {
    state,
    update: useCallback((patch: Partial<ListState>) => setState((current) => ({ ...current, ...patch })), []),
    reset: useCallback(() => setState({ page: 1, pageSize: defaultPageSize, filter: {} }), [defaultPageSize]),
  };
}

/**
 * What a table's change asks of the list state: a sort (back to the first page) or another page or
 * page size (a new size starts again from the first page). Filters go through the filter form.
 */
type TableChange<Row> = Parameters<NonNullable<TableProps<Row>['onChange']>>;

export function listPatchOfTableChange<Row>(
  state: Pick<ListState, 'pageSize'>,
  pagination: TableChange<Row>[0],
  sorter: TableChange<Row>[2],
  extra: Pick<TableChange<Row>[3], 'action'>,
): Partial<ListState> | undefined {
  if (extra.action === 'sort') {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = one?.order ? String(one.columnKey) : undefined;
    return { orderBy: column ? `${column}_${one?.order === 'ascend' ? 'ASC' : 'DESC'}` : undefined, page: 1 };
  }
  if (extra.action === 'paginate') {
    const pageSize = pagination.pageSize ?? state.pageSize;
    return { page: pageSize !== state.pageSize ? 1 : (pagination.current ?? 1), pageSize };
  }
  return undefined;
}
