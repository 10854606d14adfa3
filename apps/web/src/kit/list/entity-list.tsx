import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  type EntityDeclaration,
  fileRefsOf,
  filterPermissionOf,
  isPlainObject,
  offersCreate,
  offersUpdate,
  type Permission,
  permissionOf,
} from '@ebox/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Empty, Grid, Popconfirm, Space, Table, type TableColumnsType, type TableProps, Tooltip, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { useApp } from '../../app/feedback';
import { PageTitle, SectionTitle } from '../../app/page-title';
import { Panel } from '../../app/panel';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityEndpoints, type EntityRecord, endpointsOf, entityKeys, type ListRequest } from '../entity-api';
import { entityPluralLabel, fieldAt, fieldLabel, recordTitle } from '../entity-labels';
import { FieldDisplay } from '../fields/field-display';
import type { CreatedState } from '../navigation';
import { reloadsAfterDestroyOne, type ScreenPaths, screenPathsOf } from '../screens';
import type { FieldDisplays } from '../view/record-view';
import { type ColumnFit, columnFitOf, columnWidthOf } from './column-widths';
import type { FilterControls } from './filter-form';
import { isSortable, parseOrderBy } from './filters';
import { listRequestOf } from './first-page';
import { isSavedFilterList, isStringList, useListPreference } from './list-preferences';
import { compactFilter, type ListStateControl, listPatchOfTableChange, PAGE_SIZES, useUrlListState } from './list-state';
import { ColumnChooser, FilterToggle, SavedFilters, SortControl } from './list-tools';
import { ListTotal } from './list-total';
import { namedPageLinks } from './page-links';
import { TABLE_SCROLLBAR } from './table-scrollbar';

// Loaded when first opened: the filters' date pickers and number inputs and the export dialog are
// most of a list's weight and no part of its first screen.
const FilterForm = lazy(() => import('./filter-form').then((module) => ({ default: module.FilterForm })));
const ExportModal = lazy(() => import('./export-modal').then((module) => ({ default: module.ExportModal })));
// A phone's record cards (antd Card and List) load on phones only.
const RecordCards = lazy(() => import('./record-cards').then((module) => ({ default: module.RecordCards })));

const NO_COLUMNS: string[] = [];
const NO_SAVED_FILTERS: never[] = [];
/** Width of the checkbox column antd adds for row selection. */
const SELECTION_WIDTH = 32;
/** Width of one icon button of the actions column, and the cell's padding. */
const ACTION_WIDTH = 32;
const CELL_PADDING = 16;
/** How far default column widths shrink to fit the card before the table scrolls instead. */
const MIN_SCALE = 0.8;

/**
 * Back from a create, the new record's row takes the focus once it is on screen (the keyboard user
 * lands on what they just made); a list that does not show it (another page, a filter) leaves the
 * focus on the page heading.
 */
function useFocusCreatedRow(rows: EntityRecord[]): void {
  const location = useLocation();
  const created = (location.state as CreatedState | null)?.created;
  const done = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!created || done.current === location.key || !rows.some((row) => row.id === created)) return;
    done.current = location.key;
    // The row is drawn in this commit: its link exists once the frame is painted.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-testid="row-open"][data-record-id="${CSS.escape(created)}"]`)?.focus(),
    );
  }, [created, rows, location.key]);
}

/** The width of an element, followed as the window resizes. */
function useElementWidth() {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!element) return;
    setWidth(element.clientWidth);
    observer.current = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.current.observe(element);
  }, []);
  return { ref, width };
}

function valueAt(record: EntityRecord, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => (isPlainObject(current) ? current[key] : undefined), record);
}

function isBlankValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The first image field of a declaration (a customer's photo, a company's logo): shown beside the record's name. */
function thumbnailFieldOf(entity: EntityDeclaration): string | undefined {
  return Object.entries(entity.fields).find(([, field]) => field.type === 'files' && field.image)?.[0];
}

export type ListPermissions = Partial<Record<'read' | 'create' | 'edit' | 'destroy' | 'import', Permission | null>>;

export type BulkActionContext = { selected: EntityRecord[]; clear: () => void; refetch: () => Promise<unknown> };

/**
 * A column a page adds to the declaration's (an order's time in its locker). Keyed by a declared
 * column, it takes that column's place (and its sort, by that field); otherwise it comes after
 * `after`, or last. Its cell is never cut: it wraps.
 */
export type ListExtraColumn = {
  key: string;
  title?: string;
  width: number;
  after?: string;
  /** Sorted by the field of its key (the API sorts only declared fields). */
  sortable?: boolean;
  /** Kept at its width when the list shrinks its columns to fit (a date, a door number). */
  whole?: boolean;
  render: (record: EntityRecord) => ReactNode;
};

/** The wrapping style of a cell that must not be cut (ColumnFit 'wrap'). */
const WRAP_CELL = { style: { overflowWrap: 'anywhere' as const } };

export type EntityListProps = {
  entity: EntityDeclaration;
  endpoints?: EntityEndpoints;
  paths?: Partial<ScreenPaths>;
  /** Overrides the permission of a button; null hides it. */
  permissions?: ListPermissions;
  /** URL-backed by default; embedded lists keep their own state. */
  listState?: ListStateControl;
  /** Always applied (a building's level 1 list filters by building); not shown in the filter form. */
  fixedFilter?: Record<string, unknown>;
  title?: string;
  /** 1 when the list is the page (its title is the page's heading), 2 when it is part of a record's page. */
  headingLevel?: 1 | 2;
  /** A line under the title saying what the list holds (the outbox's). */
  description?: ReactNode;
  /** Extra buttons acting on the selected rows (IAM enable/disable/remove roles). */
  bulkActions?: (context: BulkActionContext) => ReactNode;
  /** Replaces the New link (an embedded list opens a modal form). */
  onCreate?: () => void;
  /** After one row is deleted from its row action (building level 1 reloads the page). */
  afterDestroyOne?: (record: EntityRecord) => void;
  /** Hide the filter form (embedded lists). */
  hideFilters?: boolean;
  /** Custom cells for some columns (a predefined role's translated description). */
  displays?: FieldDisplays;
  /** Records the API never deletes (predefined roles) offer no delete and cannot be selected for it. */
  isDestroyable?: (record: EntityRecord) => boolean;
  /** Records the caller may not change (predefined roles) offer no edit. */
  isEditable?: (record: EntityRecord) => boolean;
  /**
   * A list of a declaration nobody changes from here (audit log, outbox): no selection, new,
   * import, export, edit or delete; the row's view action and a double click call `onOpen`.
   */
  readOnly?: boolean;
  /** A read-only list that still exports (the audit log), through `endpoints.exportFile`. */
  exportable?: boolean;
  /** Opens a record in place (a drawer) instead of going to its view screen. */
  onOpen?: (record: EntityRecord) => void;
  /** Filter controls that differ from the field type's (a select of the known actions). */
  filterControls?: FilterControls;
  /** Widths a page gives its columns, over the declaration's (the order list's, fitted to 1366 px). */
  columnWidths?: Record<string, number>;
  /** Columns of the page's own beside the declared ones (an order's time in its locker). */
  extraColumns?: ListExtraColumn[];
  /** A line above the table (the order list's "3 new orders"), beside the list's tools. */
  notice?: ReactNode;
  /**
   * What the table says when the API refuses the list's request (400): by default its message. A
   * page may name a refusal its own way (the order list's period over 31 days).
   */
  describeRefusal?: (error: ApiError) => ReactNode | undefined;
  /** Passed to the export dialog: the period an export by mail must name (the order export's creation period). */
  exportPeriod?: { field: string; maxDays: number };
  testId?: string;
};

/**
 * The list of a declaration (spec 2.8, 4.2): columns and filters from the declaration, server-side
 * sort, filter and paging, state in the URL, row selection, bulk delete with confirmation,
 * per-row view/edit/delete, export, and buttons shown per permission.
 */
export function EntityList(props: EntityListProps) {
  const { entity, fixedFilter, bulkActions, onCreate, afterDestroyOne, hideFilters, displays, isDestroyable, isEditable, testId } = props;
  const { readOnly, exportable, onOpen, filterControls, description, extraColumns, notice, describeRefusal } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  const { message, modal } = useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const urlState = useUrlListState();
  const { state, update, reset } = props.listState ?? urlState;
  const endpoints = useMemo(() => props.endpoints ?? endpointsOf(entity), [props.endpoints, entity]);
  const paths = useMemo(() => ({ ...screenPathsOf(entity), ...props.paths }), [entity, props.paths]);
  const [selected, setSelected] = useState<EntityRecord[]>([]);
  const [exportOpen, setExportOpen] = useState(false);
  const [exportUsed, setExportUsed] = useState(false);
  useEffect(() => setExportUsed((used) => used || exportOpen), [exportOpen]);

  const permission = (key: keyof ListPermissions, action: Parameters<typeof permissionOf>[1]) => {
    if (readOnly && key !== 'read') return false;
    const override = props.permissions?.[key];
    if (override === null) return false;
    return can(override ?? permissionOf(entity, action));
  };
  const mayCreate = offersCreate(entity) && permission('create', 'Create');
  const mayEdit = offersUpdate(entity) && permission('edit', 'Edit');
  const mayDestroy = Boolean(endpoints.destroy) && permission('destroy', 'Destroy');
  const mayImport = !entity.noImport && permission('import', 'Import');
  const mayRead = permission('read', 'Read');
  const exportPermission = entity.routes?.exportPermission;
  const mayExport = mayRead && (!readOnly || Boolean(exportable)) && (!exportPermission || can(exportPermission));
  const open = (record: EntityRecord) => (onOpen ? onOpen(record) : navigate(paths.view(record.id)));

  const request: ListRequest = useMemo(() => listRequestOf(entity, state, fixedFilter), [entity, state, fixedFilter]);

  // The exact total of a large filtered list is counted only when asked, for the filter asked about.
  const [exactCountFor, setExactCountFor] = useState<string>();
  const filterKey = JSON.stringify(request.filter ?? {});
  const asked = exactCountFor === filterKey ? { ...request, exactCount: true } : request;
  const list = useQuery({
    queryKey: entityKeys.list(entity.name, asked),
    queryFn: () => endpoints.list(asked),
    placeholderData: keepPreviousData,
    retry: false,
  });

  // One message per refused request: the same request read again (a live reconnection, a refresh)
  // fails the same way and says nothing new.
  const toasted = useRef<string | undefined>(undefined);
  const askedKey = JSON.stringify(asked);
  // Forgotten only once the list reads well again: an errored query that never had rows goes back to
  // pending (error emptied) while it is asked again, which is no news.
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData) toasted.current = undefined;
  }, [list.isSuccess, list.isPlaceholderData]);
  useEffect(() => {
    if (!list.error) return;
    const said = `${askedKey}|${list.error.message}`;
    if (toasted.current === said) return;
    toasted.current = said;
    handleError(list.error);
  }, [list.error, askedKey, handleError]);
  const refusal = list.error instanceof ApiError && list.error.status === 400 ? list.error : undefined;

  // A page emptied by deletions falls back to the last page that has rows.
  useEffect(() => {
    const count = list.data?.count;
    if (count !== undefined && state.page > 1 && (state.page - 1) * state.pageSize >= count) {
      update({ page: Math.max(1, Math.ceil(count / state.pageSize)) });
    }
  }, [list.data?.count, state.page, state.pageSize, update]);

  const refetch = () => queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.name) });
  const clear = () => setSelected([]);

  const destroyOne = async (record: EntityRecord) => {
    try {
      await endpoints.destroy?.([record.id]);
      message.success(t(`entities.${entity.name}.destroy.success`));
      if (afterDestroyOne) {
        afterDestroyOne(record);
        return;
      }
      if (reloadsAfterDestroyOne(entity)) {
        window.location.reload();
        return;
      }
    } catch (error) {
      handleError(error);
    }
    setSelected((current) => current.filter((row) => row.id !== record.id));
    await refetch();
  };

  const destroySelected = () =>
    modal.confirm({
      title: t('kit.destroy.confirmAllTitle'),
      content: t('kit.destroy.confirmAll', { count: selected.length }),
      okText: t('kit.actions.destroy'),
      okButtonProps: { danger: true, ...tagForTests('confirm-destroy') },
      cancelText: t('kit.actions.cancel'),
      onOk: async () => {
        try {
          await endpoints.destroy?.(selected.map((row) => row.id));
          message.success(t(`entities.${entity.name}.destroyAll.success`));
        } catch (error) {
          handleError(error);
        } finally {
          // All or nothing on the server: either way the selection no longer means anything.
          clear();
          await refetch();
        }
      },
    });

  const sort = parseOrderBy(state.orderBy);
  const screens = Grid.useBreakpoint();
  // Until the breakpoints are measured (first render) the table is assumed: most users are on a laptop.
  const isPhone = screens.md === false;
  // A column every row shares (the building of a building's levels) says nothing.
  const extraByKey = useMemo(() => new Map((extraColumns ?? []).map((column) => [column.key, column])), [extraColumns]);
  const offered = useMemo(() => {
    const declared = entity.listColumns.filter((name) => !(fixedFilter && name in fixedFilter));
    const layout = [...declared];
    for (const extra of extraColumns ?? []) {
      if (declared.includes(extra.key)) continue;
      const after = extra.after ? layout.indexOf(extra.after) : -1;
      layout.splice(after >= 0 ? after + 1 : layout.length, 0, extra.key);
    }
    return layout;
  }, [entity, fixedFilter, extraColumns]);
  const titleOf = (name: string) => extraByKey.get(name)?.title ?? fieldLabel(t, entity, name);
  const [hiddenColumns, setHiddenColumns] = useListPreference(entity.name, 'hiddenColumns', NO_COLUMNS, isStringList);
  // The record's name always shows: it is the link that opens the record.
  const lockedColumn = offered.includes(entity.labelField) ? entity.labelField : offered[0];
  const shown = offered.filter((name) => name === lockedColumn || !hiddenColumns.includes(name));
  const thumbnailField = thumbnailFieldOf(entity);
  const tableArea = useElementWidth();

  const cellOf = (name: string, record: EntityRecord): ReactNode => {
    const extra = extraByKey.get(name);
    if (extra) return extra.render(record);
    const field = fieldAt(entity, name);
    const Display = displays?.[name] ?? FieldDisplay;
    const value = valueAt(record, name);
    return field ? <Display entity={entity} path={name} field={field} value={value} record={record} compact /> : String(value ?? '');
  };

  /** The record's name as the link that opens it, with its photo or logo when it has one. */
  const nameLink = (record: EntityRecord, name = lockedColumn ?? entity.labelField): ReactNode => {
    const thumbnail = thumbnailField ? fileRefsOf(record[thumbnailField])[0] : undefined;
    // Inline, not a flex box: a long name is cut with the column's ellipsis.
    const content = (
      <>
        {thumbnail && <Avatar src={thumbnail.publicUrl} alt={thumbnail.name} size={28} shape="square" style={{ marginRight: 8 }} />}
        {cellOf(name, record)}
      </>
    );
    const label = t('listTools.open', { label: recordTitle(t, entity, record) });
    if (!mayRead) return content;
    if (onOpen)
      return (
        <Typography.Link onClick={() => onOpen(record)} aria-label={label} data-testid="row-open" data-record-id={record.id}>
          {content}
        </Typography.Link>
      );
    return (
      <Link to={paths.view(record.id)} aria-label={label} data-testid="row-open" data-record-id={record.id}>
        {content}
      </Link>
    );
  };

  const actionCount = [mayRead, mayEdit, mayDestroy].filter(Boolean).length;
  const actionsWidth = Math.max(72, actionCount * ACTION_WIDTH + CELL_PADDING);
  const fixedWidth = actionsWidth + (readOnly ? 0 : SELECTION_WIDTH);
  const widths = shown.map(
    (name) => props.columnWidths?.[name] ?? extraByKey.get(name)?.width ?? columnWidthOf(entity, name, fieldAt(entity, name)),
  );
  const fitOf = (name: string): ColumnFit => (extraByKey.has(name) ? 'wrap' : columnFitOf(entity, name, fieldAt(entity, name)));
  const dataWidth = widths.reduce((sum, width) => sum + width, 0);
  // The record's name (its link) and dates keep their width: the others give way first.
  const isWhole = (name: string) =>
    extraByKey.has(name) ? Boolean(extraByKey.get(name)?.whole) : name === lockedColumn || fieldAt(entity, name)?.type === 'dateTime';
  const wholeWidth = shown.reduce((sum, name, index) => sum + (isWhole(name) ? (widths[index] ?? 0) : 0), 0);
  // Default widths are generous: when they overflow the card by a little they shrink (down to
  // MIN_SCALE, long values cut with an ellipsis) rather than slide a column under the actions.
  const scale =
    tableArea.width && dataWidth > wholeWidth
      ? Math.min(1, Math.max(MIN_SCALE, (tableArea.width - fixedWidth - wholeWidth) / (dataWidth - wholeWidth)))
      : 1;
  const columns: TableColumnsType<EntityRecord> = shown.map((name, index) => {
    const field = fieldAt(entity, name);
    const isName = name === lockedColumn;
    const extra = extraByKey.get(name);
    const fit = fitOf(name);
    return {
      key: name,
      dataIndex: name.split('.'),
      title: titleOf(name),
      width: Math.floor((widths[index] ?? 0) * (isWhole(name) ? 1 : scale)),
      ellipsis: fit === 'ellipsis',
      onCell: fit === 'wrap' ? () => WRAP_CELL : undefined,
      sorter: extra ? Boolean(extra.sortable) && isSortable(field) : isSortable(field),
      sortOrder: sort?.column === name ? (sort.direction === 'ASC' ? 'ascend' : 'descend') : null,
      render: (_: unknown, record: EntityRecord) => (isName ? nameLink(record, name) : cellOf(name, record)),
    };
  });

  const rowActions = (record: EntityRecord): ReactNode => (
    <Space size={0} style={{ whiteSpace: 'nowrap' }}>
      {mayRead && (
        <Tooltip title={t('kit.actions.view')}>
          <Button
            type="text"
            icon={<EyeOutlined />}
            aria-label={t('kit.actions.view')}
            onClick={() => open(record)}
            data-testid="row-view"
          />
        </Tooltip>
      )}
      {mayEdit && (isEditable?.(record) ?? true) && (
        <Tooltip title={t('kit.actions.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('kit.actions.edit')}
            onClick={() => navigate(paths.edit(record.id))}
            data-testid="row-edit"
          />
        </Tooltip>
      )}
      {mayDestroy && (isDestroyable?.(record) ?? true) && (
        <Popconfirm
          title={t('kit.destroy.confirmTitle')}
          description={t('kit.destroy.confirmOne', { label: recordTitle(t, entity, record) })}
          okText={t('kit.actions.destroy')}
          cancelText={t('kit.actions.cancel')}
          okButtonProps={{ danger: true, ...tagForTests('confirm-destroy') }}
          onConfirm={() => destroyOne(record)}
        >
          <Tooltip title={t('kit.actions.destroy')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('kit.actions.destroy')} data-testid="row-destroy" />
          </Tooltip>
        </Popconfirm>
      )}
    </Space>
  );
  columns.push({
    key: 'actions',
    title: t('kit.list.actions'),
    fixed: 'right',
    width: actionsWidth,
    render: (_: unknown, record: EntityRecord) => rowActions(record),
  });
  // The table is exactly as wide as its columns: wider than the card it scrolls (the actions stay),
  // narrower it stretches them.
  const tableWidth = columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : 0),
    fixedWidth - actionsWidth,
  );

  // Selection only serves deleting unless the page adds bulk actions of its own.
  const isSelectable = (record: EntityRecord) => Boolean(bulkActions) || !isDestroyable || isDestroyable(record);
  const selectRowLabel = (record: EntityRecord) => t('kit.list.selectRow', { label: recordTitle(t, entity, record) });

  const onTableChange: TableProps<EntityRecord>['onChange'] = (pagination, _filters, sorter, extra) => {
    const patch = listPatchOfTableChange(state, pagination, sorter, extra);
    if (patch) update(patch);
  };

  const resetAll = () => {
    clear();
    reset();
  };

  const selectionContext: BulkActionContext = { selected, clear, refetch };
  const rows = list.error ? [] : (list.data?.rows ?? []);
  useFocusCreatedRow(rows);
  // A filter needing a permission of its own (spec 6 filterEbox...) is offered only to its holders: the API refuses it to others.
  const offeredFilters = entity.filters.filter((name) => {
    const permission = filterPermissionOf(entity, name);
    return !(fixedFilter && name in fixedFilter) && (!permission || can(permission));
  });
  const activeFilter = compactFilter(state.filter);
  const activeFilterCount = Object.keys(activeFilter).filter((name) => offeredFilters.includes(name)).length;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [savedFilters, setSavedFilters] = useListPreference(entity.name, 'savedFilters', NO_SAVED_FILTERS, isSavedFilterList);
  const applyFilter = (filter: Record<string, unknown>) => {
    clear();
    update({ filter, page: 1 });
  };
  const create = () => (onCreate ? onCreate() : navigate(paths.create()));
  const total = list.data?.count ?? 0;
  const showTotal = (count: number) => (
    <ListTotal
      count={count}
      capped={Boolean(list.data?.countCapped)}
      counting={list.isFetching}
      onCountAll={() => setExactCountFor(filterKey)}
    />
  );

  const refusalText = refusal ? (describeRefusal?.(refusal) ?? refusal.message) : undefined;
  const empty = list.isPending ? (
    ' '
  ) : refusal ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={refusalText} data-testid="list-refused">
      <Button onClick={resetAll} data-testid="list-empty-clear">
        {t('listTools.clearFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={activeFilterCount ? t('listTools.emptyFiltered') : t('kit.list.empty')}
      data-testid="list-empty"
    >
      {activeFilterCount > 0 ? (
        <Button onClick={resetAll} data-testid="list-empty-clear">
          {t('listTools.clearFilters')}
        </Button>
      ) : (
        mayCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="list-empty-new">
            {t('kit.actions.new')}
          </Button>
        )
      )}
    </Empty>
  );

  const headerButtons = (
    <Space wrap>
      {mayCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="list-new">
          {t('kit.actions.new')}
        </Button>
      )}
      {mayImport && (
        <Button icon={<UploadOutlined />} onClick={() => navigate(paths.importer)} data-testid="list-import">
          {t('kit.actions.import')}
        </Button>
      )}
      {mayExport && (
        <Button icon={<FileExcelOutlined />} onClick={() => setExportOpen(true)} data-testid="list-export">
          {t('kit.actions.export')}
        </Button>
      )}
    </Space>
  );

  const listTitle = props.title ?? entityPluralLabel(t, entity);
  return (
    <Panel
      title={props.headingLevel === 2 ? <SectionTitle title={listTitle} /> : <PageTitle title={listTitle} />}
      data-testid={testId ?? `${entity.name}-list`}
      extra={isPhone ? undefined : headerButtons}
    >
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      {isPhone && (mayCreate || mayImport || mayExport) && <div style={{ marginBottom: 12 }}>{headerButtons}</div>}
      <Space wrap style={{ marginBottom: 12 }}>
        {!hideFilters && offeredFilters.length > 0 && (
          <>
            <FilterToggle open={filtersOpen} active={activeFilterCount} onToggle={() => setFiltersOpen((open) => !open)} />
            <SavedFilters saved={savedFilters} current={activeFilter} onChange={setSavedFilters} onApply={applyFilter} />
          </>
        )}
        {!isPhone && (
          <ColumnChooser
            columns={offered.map((name) => ({ key: name, title: titleOf(name) }))}
            locked={lockedColumn}
            hidden={hiddenColumns}
            onChange={setHiddenColumns}
          />
        )}
        {isPhone && (
          <SortControl
            columns={shown
              .filter((name) => isSortable(fieldAt(entity, name)) && (!extraByKey.has(name) || extraByKey.get(name)?.sortable))
              .map((name) => ({ key: name, title: titleOf(name) }))}
            sort={sort}
            onChange={(orderBy) => update({ orderBy, page: 1 })}
          />
        )}
        {mayDestroy && (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!selected.length}
            onClick={destroySelected}
            data-testid="list-destroy-selected"
          >
            {t('kit.actions.destroySelected')}
          </Button>
        )}
        {bulkActions?.(selectionContext)}
        <Tooltip title={t('common.refresh')}>
          <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => list.refetch()} loading={list.isFetching} />
        </Tooltip>
        {selected.length > 0 && <Typography.Text type="secondary">{t('kit.list.selected', { count: selected.length })}</Typography.Text>}
        {notice}
      </Space>
      {!hideFilters && filtersOpen && (
        <Suspense fallback={null}>
          <FilterForm
            entity={entity}
            filters={offeredFilters}
            value={state.filter}
            controls={filterControls}
            onSearch={applyFilter}
            onReset={resetAll}
          />
        </Suspense>
      )}
      {isPhone ? (
        <Suspense fallback={null}>
          <RecordCards
            rows={rows}
            loading={list.isFetching}
            heading={(record) => nameLink(record)}
            columns={shown
              .filter((name) => name !== lockedColumn)
              .map((name) => ({
                key: name,
                title: titleOf(name),
                render: (record) => (isBlankValue(valueAt(record, name)) ? '—' : cellOf(name, record)),
              }))}
            actions={rowActions}
            empty={empty}
            page={state.page}
            pageSize={state.pageSize}
            total={total}
            showTotal={showTotal}
            onPage={(page, pageSize) => update({ page: pageSize !== state.pageSize ? 1 : page, pageSize })}
            selection={
              readOnly
                ? undefined
                : { selected, onChange: setSelected, isSelectable, rowLabel: selectRowLabel, allLabel: t('kit.list.selectAll') }
            }
          />
        </Suspense>
      ) : (
        <div ref={tableArea.ref}>
          <Table<EntityRecord>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={list.isFetching}
            {...TABLE_SCROLLBAR}
            scroll={{ x: tableWidth }}
            locale={{ emptyText: empty }}
            onRow={onOpen ? (record) => ({ onDoubleClick: () => onOpen(record) }) : undefined}
            rowSelection={
              readOnly
                ? undefined
                : {
                    columnWidth: SELECTION_WIDTH,
                    selectedRowKeys: selected.map((row) => row.id),
                    preserveSelectedRowKeys: true,
                    onChange: (_keys, rowsSelected) => setSelected(rowsSelected.filter(Boolean)),
                    // antd names these checkboxes in English whatever the locale ("Select row 3").
                    getTitleCheckboxProps: () => ({ 'aria-label': t('kit.list.selectAll') }),
                    getCheckboxProps: (record) => ({ 'aria-label': selectRowLabel(record), disabled: !isSelectable(record) }),
                  }
            }
            onChange={onTableChange}
            pagination={{
              itemRender: namedPageLinks(t),
              current: state.page,
              pageSize: state.pageSize,
              total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal,
            }}
          />
        </div>
      )}
      {exportUsed && (
        <Suspense fallback={null}>
          <ExportModal
            entity={entity}
            endpoints={endpoints}
            request={{ filter: request.filter, orderBy: request.orderBy }}
            period={props.exportPeriod}
            selectedIds={selected.map((row) => row.id)}
            open={exportOpen}
            onClose={() => setExportOpen(false)}
          />
        </Suspense>
      )}
    </Panel>
  );
}
