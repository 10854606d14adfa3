import { EyeOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Card, DatePicker, Flex, Form, Input, Select, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { DATE_TIME_FORMAT, formatDateTime } from '../../app/format';
import { TABLE_SCROLLBAR } from '../../kit/list/table-scrollbar';
import { pagingChangesOf, usePagedTable, useUrlPaging } from '../../kit/list/url-paged-table';
import { AuditLogDetail } from './audit-log-detail';
import { actionLabelOf, auditedEntityNames, entityLabelOf, knownActions } from './audit-log-names';
import type { AuditLogPage as AuditLogAnswer, AuditLogRow } from './audit-log-types';

const DEFAULT_ORDER = 'timestamp_DESC';
const SORTABLE = new Set(['timestamp', 'entityName', 'action', 'createdByEmail']);

type FilterForm = { entityName?: string; action?: string; createdByEmail?: string; period?: [Dayjs | null, Dayjs | null] | null };

/** The list state lives in the URL, so reload and back keep filters, sorting and page. */
function useListState() {
  const { params, page, pageSize, update, reset } = useUrlPaging();
  const orderByParam = params.get('orderBy') ?? DEFAULT_ORDER;
  const orderBy = SORTABLE.has(orderByParam.replace(/_(ASC|DESC)$/, '')) ? orderByParam : DEFAULT_ORDER;
  const filter = {
    entityName: params.get('entityName') ?? undefined,
    action: params.get('action') ?? undefined,
    createdByEmail: params.get('createdByEmail') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
  return { page, pageSize, orderBy, filter, update, reset };
}

/** /audit-logs (auditLogRead): who changed what and when, filtered and paged on the server. */
export default function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FilterForm>();
  const { page, pageSize, orderBy, filter, update, reset } = useListState();
  const [selected, setSelected] = useState<AuditLogRow | null>(null);

  const query = useQuery({
    queryKey: ['auditLog', { page, pageSize, orderBy, filter }],
    queryFn: () =>
      api.get<AuditLogAnswer>('/auditLog', {
        filter: {
          entityName: filter.entityName,
          action: filter.action,
          createdByEmail: filter.createdByEmail,
          timestamp: filter.from || filter.to ? [filter.from ?? '', filter.to ?? ''] : undefined,
        },
        orderBy,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      }),
    placeholderData: keepPreviousData,
  });

  const pagedTable = usePagedTable(query, { page, pageSize }, t('auditLog.empty'));

  // The form mirrors the URL (back/forward, reset).
  useEffect(() => {
    form.setFieldsValue({
      entityName: filter.entityName,
      action: filter.action,
      createdByEmail: filter.createdByEmail,
      period: filter.from || filter.to ? [filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null] : null,
    });
  }, [form, filter.entityName, filter.action, filter.createdByEmail, filter.from, filter.to]);

  const entityOptions = useMemo(
    () => auditedEntityNames().map((name) => ({ value: name, label: `${entityLabelOf(i18n, name)} (${name})` })),
    [i18n, i18n.language],
  );
  const actionOptions = useMemo(
    () => knownActions(i18n).map((action) => ({ value: action, label: actionLabelOf(i18n, action) })),
    [i18n, i18n.language],
  );

  const onSearch = (values: FilterForm) => {
    const [from, to] = values.period ?? [];
    update({
      entityName: values.entityName?.trim(),
      action: values.action,
      createdByEmail: values.createdByEmail?.trim(),
      from: from ? from.toISOString() : undefined,
      to: to ? to.toISOString() : undefined,
      page: undefined,
    });
  };

  const [orderField, orderDirection] = orderBy.split(/_(?=ASC$|DESC$)/);
  const sortOrderOf = (field: string) => (orderField === field ? (orderDirection === 'ASC' ? 'ascend' : 'descend') : null);

  const columns: TableProps<AuditLogRow>['columns'] = [
    {
      key: 'timestamp',
      title: t('auditLog.fields.timestamp'),
      dataIndex: 'timestamp',
      sorter: true,
      sortOrder: sortOrderOf('timestamp'),
      render: (value: string) => formatDateTime(value),
      width: 150,
    },
    {
      key: 'createdByEmail',
      title: t('auditLog.fields.createdByEmail'),
      dataIndex: 'createdByEmail',
      sorter: true,
      sortOrder: sortOrderOf('createdByEmail'),
      render: (value: string | null) => value ?? <Typography.Text type="secondary">{t('auditLog.system')}</Typography.Text>,
      ellipsis: true,
    },
    {
      key: 'entityName',
      title: t('auditLog.fields.entityName'),
      dataIndex: 'entityName',
      sorter: true,
      sortOrder: sortOrderOf('entityName'),
      render: (value: string) => entityLabelOf(i18n, value),
    },
    {
      key: 'action',
      title: t('auditLog.fields.action'),
      dataIndex: 'action',
      sorter: true,
      sortOrder: sortOrderOf('action'),
      render: (value: string) => <Tag>{actionLabelOf(i18n, value)}</Tag>,
    },
    {
      key: 'entityId',
      title: t('auditLog.fields.entityId'),
      dataIndex: 'entityId',
      responsive: ['lg'],
      render: (value: string | null) => <Typography.Text type="secondary">{value ?? '—'}</Typography.Text>,
      ellipsis: true,
    },
    {
      key: 'details',
      title: '',
      width: 56,
      render: (_: unknown, row: AuditLogRow) => (
        <Button
          type="text"
          icon={<EyeOutlined />}
          aria-label={t('common.details')}
          title={t('common.details')}
          onClick={() => setSelected(row)}
          data-testid="audit-log-open"
        />
      ),
    },
  ];

  return (
    <Card title={t('auditLog.title')}>
      <Form<FilterForm> form={form} layout="vertical" onFinish={onSearch} data-testid="audit-log-filter">
        <Flex gap={16} wrap>
          <Form.Item name="entityName" label={t('auditLog.fields.entityName')} style={{ flex: '1 1 200px', marginBottom: 12 }}>
            <AutoComplete
              options={entityOptions}
              allowClear
              filterOption={(input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
            >
              <Input autoFocus />
            </AutoComplete>
          </Form.Item>
          <Form.Item name="action" label={t('auditLog.fields.action')} style={{ flex: '1 1 180px', marginBottom: 12 }}>
            <Select options={actionOptions} allowClear showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item name="createdByEmail" label={t('auditLog.fields.createdByEmail')} style={{ flex: '1 1 200px', marginBottom: 12 }}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="period" label={t('auditLog.fields.period')} style={{ flex: '2 1 320px', marginBottom: 12 }}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format={DATE_TIME_FORMAT}
              allowEmpty={[true, true]}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Flex>
        <Flex gap={8} justify="flex-end" style={{ marginBottom: 16 }}>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              reset();
            }}
            data-testid="audit-log-reset"
          >
            {t('common.reset')}
          </Button>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="audit-log-search">
            {t('common.search')}
          </Button>
        </Flex>
      </Form>
      <Table<AuditLogRow>
        rowKey="id"
        size="middle"
        columns={columns}
        {...pagedTable}
        {...TABLE_SCROLLBAR}
        scroll={{ x: 720 }}
        onRow={(row) => ({ onDoubleClick: () => setSelected(row) })}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = one?.columnKey ? String(one.columnKey) : undefined;
            update({ orderBy: field && one?.order ? `${field}_${one.order === 'ascend' ? 'ASC' : 'DESC'}` : undefined, page: undefined });
            return;
          }
          update(pagingChangesOf(pagination));
        }}
        data-testid="audit-log-table"
      />
      <AuditLogDetail row={selected} onClose={() => setSelected(null)} />
    </Card>
  );
}
