import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, type TablePaginationConfig, type TableProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorHandler } from '../../app/error-handler';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './list-state';

export type UrlParamChanges = Record<string, string | number | undefined | null>;

/**
 * Page, page size and a server list's own filters kept as plain URL params (?page=&pageSize=&from=),
 * so reload and back keep them, for lists outside the entity kit (audit log, outbox). Each change is a
 * history entry; blank values leave the URL.
 */
export function useUrlPaging() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSizeParam = Number(params.get('pageSize'));
  const pageSize = PAGE_SIZES.some((option) => option === pageSizeParam) ? pageSizeParam : DEFAULT_PAGE_SIZE;
  const update = (changes: UrlParamChanges) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  return { params, page, pageSize, update, reset: () => setParams(new URLSearchParams()) };
}

/** The URL changes a table's pagination asks for: the first page and the default size stay out of the URL. */
export function pagingChangesOf(pagination: TablePaginationConfig): UrlParamChanges {
  return {
    page: pagination.current === 1 ? undefined : pagination.current,
    pageSize: pagination.pageSize === DEFAULT_PAGE_SIZE ? undefined : pagination.pageSize,
  };
}

/**
 * What a table of one page of a server list shows: the rows, a spinner while fetching, an empty
 * text, and the pagination (spec 9 sizes and the total); a failed fetch is reported as any error.
 */
export function usePagedTable<Row>(
  query: UseQueryResult<{ rows: Row[]; count: number }>,
  { page, pageSize }: { page: number; pageSize: number },
  emptyText: string,
): Pick<TableProps<Row>, 'dataSource' | 'loading' | 'locale' | 'pagination'> {
  const { t } = useTranslation();
  const handleError = useErrorHandler();
  useEffect(() => {
    if (query.error) handleError(query.error);
  }, [query.error, handleError]);
  return {
    dataSource: query.data?.rows ?? [],
    loading: query.isFetching,
    locale: { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> },
    pagination: {
      current: page,
      pageSize,
      total: query.data?.count ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [...PAGE_SIZES],
      showTotal: (total) => t('kit.list.total', { count: total }),
    },
  };
}
