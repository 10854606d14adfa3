import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { type EntityDeclaration, offersUpdate, type Permission, permissionOf } from '@ebox/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, type TableColumnsType, type TableProps, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityEndpoints, type EntityRecord, endpointsOf, entityKeys, type ListRequest } from '../entity-api';
import { entityPluralLabel, fieldAt, fieldLabel, recordTitle } from '../entity-labels';
import { FieldDisplay } from '../fields/field-display';
import { reloadsAfterDestroyOne, type ScreenPaths, screenPathsOf } from '../screens';
import type { FieldDisplays } from '../view/record-view';
import { ExportModal } from './export-modal';
import { type FilterControls, FilterForm } from './filter-form';
import { isSortable, parseOrderBy, toApiFilter } from './filters';
import { type ListStateControl, listPatchOfTableChange, PAGE_SIZES, useUrlListState } from './list-state';
import { TABLE_SCROLLBAR } from './table-scrollbar';

export type ListPermissions = Partial<Record<'read' | 'create' | 'edit' | 'destroy' | 'import', Permission | null>>;

export type BulkActionContext = { selected: EntityRecord[]; clear: () => void; refetch: () => Promise<unknown> };

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
  title?: ReactNode;
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
  /** Opens a record in place (a drawer) instead of going to its view screen. */
  onOpen?: (record: EntityRecord) => void;
  /** Filter controls that differ from the field type's (a select of the known actions). */
  filterControls?: FilterControls;
  testId?: string;
};

/**
 * The list of a declaration (spec 2.8, 4.2): columns and filters from the declaration, server-side
 * sort, filter and paging, state in the URL, row selection, bulk delete with confirmation,
 * per-row view/edit/delete, export, and buttons shown per permission.
 */
export function EntityList(props: EntityListProps) {
  const { entity, fixedFilter, bulkActions, onCreate, afterDestroyOne, hideFilters, displays, isDestroyable, isEditable, testId } = props;
  const { readOnly, onOpen, filterControls } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  const { message, modal } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const urlState = useUrlListState();
  const { state, update, reset } = props.listState ?? urlState;
  const endpoints = useMemo(() => props.endpoints ?? endpointsOf(entity), [props.endpoints, entity]);
  const paths = useMemo(() => ({ ...screenPathsOf(entity), ...props.paths }), [entity, props.paths]);
  const [selected, setSelected] = useState<EntityRecord[]>([]);
  const [exportOpen, setExportOpen] = useState(false);

  const permission = (key: keyof ListPermissions, action: Parameters<typeof permissionOf>[1]) => {
    if (readOnly && key !== 'read') return false;
    const override = props.permissions?.[key];
    if (override === null) return false;
    return can(override ?? permissionOf(entity, action));
  };
  const mayCreate = permission('create', 'Create');
  const mayEdit = offersUpdate(entity) && permission('edit', 'Edit');
  const mayDestroy = Boolean(endpoints.destroy) && permission('destroy', 'Destroy');
  const mayImport = !entity.noImport && permission('import', 'Import');
  const mayRead = permission('read', 'Read');
  const mayExport = mayRead && !readOnly;
  const open = (record: EntityRecord) => (onOpen ? onOpen(record) : navigate(paths.view(record.id)));

  const request: ListRequest = useMemo(
    () => ({
      filter: toApiFilter(entity, { ...state.filter, ...fixedFilter }),
      orderBy: state.orderBy,
      limit: state.pageSize,
      offset: (state.page - 1) * state.pageSize,
    }),
    [entity, state, fixedFilter],
  );

  const list = useQuery({
    queryKey: entityKeys.list(entity.name, request),
    queryFn: () => endpoints.list(request),
    placeholderData: keepPreviousData,
    retry: false,
  });

  useEffect(() => {
    if (list.error) handleError(list.error);
  }, [list.error, handleError]);

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
  // A column every row shares (the building of a building's levels) says nothing.
  const shown = entity.listColumns.filter((name) => !(fixedFilter && name in fixedFilter));
  const columns: TableColumnsType<EntityRecord> = shown.map((name) => {
    const field = fieldAt(entity, name);
    const Display = displays?.[name] ?? FieldDisplay;
    return {
      key: name,
      dataIndex: name.split('.'),
      title: fieldLabel(t, entity, name),
      sorter: isSortable(field),
      sortOrder: sort?.column === name ? (sort.direction === 'ASC' ? 'ascend' : 'descend') : null,
      render: (value: unknown, record: EntityRecord) =>
        field ? <Display entity={entity} path={name} field={field} value={value} record={record} compact /> : String(value ?? ''),
    };
  });
  columns.push({
    key: 'actions',
    title: t('kit.list.actions'),
    fixed: 'right',
    width: 1,
    render: (_: unknown, record: EntityRecord) => (
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
    ),
  });

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

  return (
    <Card
      title={props.title ?? entityPluralLabel(t, entity)}
      data-testid={testId ?? `${entity.name}-list`}
      extra={
        <Space wrap>
          {mayCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => (onCreate ? onCreate() : navigate(paths.create()))}
              data-testid="list-new"
            >
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
      }
    >
      {!hideFilters && (
        <FilterForm
          entity={entity}
          filters={entity.filters.filter((name) => !(fixedFilter && name in fixedFilter))}
          value={state.filter}
          controls={filterControls}
          onSearch={(filter) => {
            clear();
            update({ filter, page: 1 });
          }}
          onReset={resetAll}
        />
      )}
      <Space wrap style={{ marginBottom: 12 }}>
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
      </Space>
      <Table<EntityRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        {...TABLE_SCROLLBAR}
        locale={{ emptyText: list.isPending ? ' ' : t('kit.list.empty') }}
        onRow={onOpen ? (record) => ({ onDoubleClick: () => onOpen(record) }) : undefined}
        rowSelection={
          readOnly
            ? undefined
            : {
                selectedRowKeys: selected.map((row) => row.id),
                preserveSelectedRowKeys: true,
                onChange: (_keys, rowsSelected) => setSelected(rowsSelected.filter(Boolean)),
                // antd names these checkboxes in English whatever the locale ("Select row 3").
                getTitleCheckboxProps: () => ({ 'aria-label': t('kit.list.selectAll') }),
                getCheckboxProps: (record) => ({
                  'aria-label': t('kit.list.selectRow', { label: recordTitle(t, entity, record) }),
                  // Selection only serves deleting unless the page adds bulk actions of its own.
                  disabled: !bulkActions && isDestroyable ? !isDestroyable(record) : false,
                }),
              }
        }
        onChange={onTableChange}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: list.data?.count ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('kit.list.total', { count: total }),
        }}
      />
      <ExportModal
        entity={entity}
        endpoints={endpoints}
        request={{ filter: request.filter, orderBy: request.orderBy }}
        open={exportOpen}
        onClose={() => setExportOpen(false)}
      />
    </Card>
  );
}
