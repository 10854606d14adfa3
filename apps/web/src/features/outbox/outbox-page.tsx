import { EyeInvisibleOutlined, LinkOutlined, MailOutlined, MessageOutlined, ReloadOutlined } from '@ant-design/icons';
import { type Field, outboxEntity } from '@ebox/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { endpointsOf, type ListRequest } from '../../kit/entity-api';
import { enumLabel, fieldLabel } from '../../kit/entity-labels';
import { FilterForm } from '../../kit/list/filter-form';
import { isSortable, parseOrderBy, toApiFilter } from '../../kit/list/filters';
import { listPatchOfTableChange, useUrlListState } from '../../kit/list/list-state';
import { usePagedTable } from '../../kit/list/url-paged-table';
import { JobQueuePanel } from './job-queue-panel';

/** One row of GET /outbox (docs/architecture.md). */
type OutboxMessage = {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  link: string | null;
  /** The link's one-time token (in `link` and `body`) is masked for this reader. */
  linkHidden: boolean;
  status: string;
  error: string | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
};

const STATUS_COLORS: Record<string, string> = { queued: 'gold', sent: 'green', outbox: 'blue', failed: 'red' };
const DEFAULT_ORDER = 'createdAt_DESC';

function MessageLink({ link, hidden }: { link: string | null; hidden: boolean }) {
  const { t } = useTranslation();
  if (!link) return <Typography.Text type="secondary">—</Typography.Text>;
  if (hidden) {
    return (
      <Tooltip title={t('outbox.linkHiddenHint')}>
        <Tag icon={<EyeInvisibleOutlined />} data-testid="outbox-link-hidden">
          {t('outbox.linkHidden')}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Typography.Link href={link} target="_blank" rel="noreferrer" data-testid="outbox-link">
      <LinkOutlined /> {t('outbox.openLink')}
    </Typography.Link>
  );
}

/**
 * /outbox (settingsEdit): mail and SMS the console queued, sent, failed to send or, without
 * SMTP_URL or an SMS provider, kept here, so verification and reset links work on a laptop; and
 * the job queue that sends them. Filters, sort and page live in the URL as in every kit list
 * (outboxEntity's declared filters). The API masks a link's token for a reader who may not manage
 * its recipient; the page says so instead of offering a dead link.
 */
export default function OutboxPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { state, update, reset } = useUrlListState();
  const orderBy = state.orderBy ?? DEFAULT_ORDER;
  const request: ListRequest = {
    filter: toApiFilter(outboxEntity, state.filter),
    orderBy,
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
  };

  const query = useQuery({
    queryKey: ['outbox', request],
    // the kit's list call: GET /outbox takes the generic list query
    queryFn: () => endpointsOf(outboxEntity).list(request) as Promise<unknown> as Promise<{ rows: OutboxMessage[]; count: number }>,
    placeholderData: keepPreviousData,
  });
  const pagedTable = usePagedTable(query, state, t('outbox.empty'));

  const label = (name: string) => fieldLabel(t, outboxEntity, name);
  const sort = parseOrderBy(orderBy);
  const sorting = (name: string) =>
    name === 'createdAt' || isSortable((outboxEntity.fields as Record<string, Field>)[name])
      ? { sorter: true, sortOrder: sort?.column === name ? (sort.direction === 'ASC' ? ('ascend' as const) : ('descend' as const)) : null }
      : {};

  const columns: TableProps<OutboxMessage>['columns'] = [
    {
      key: 'createdAt',
      title: label('createdAt'),
      dataIndex: 'createdAt',
      render: (value: string) => formatDateTime(value),
      width: 150,
      ...sorting('createdAt'),
    },
    {
      key: 'channel',
      title: label('channel'),
      dataIndex: 'channel',
      width: 100,
      render: (value: string) => (
        <span>
          {value === 'sms' ? <MessageOutlined /> : <MailOutlined />} {enumLabel(t, outboxEntity, 'channel', value)}
        </span>
      ),
    },
    { key: 'recipient', title: label('recipient'), dataIndex: 'recipient', ellipsis: true, ...sorting('recipient') },
    {
      key: 'subject',
      title: label('subject'),
      dataIndex: 'subject',
      ellipsis: true,
      responsive: ['md'],
      render: (value: string | null, row) => value ?? <Typography.Text type="secondary">{row.body.slice(0, 60)}</Typography.Text>,
    },
    {
      key: 'status',
      title: label('status'),
      dataIndex: 'status',
      width: 160,
      responsive: ['sm'],
      render: (value: string) => (
        <Tag color={STATUS_COLORS[value]} data-testid={`outbox-status-${value}`}>
          {enumLabel(t, outboxEntity, 'status', value)}
        </Tag>
      ),
      ...sorting('status'),
    },
    {
      key: 'attempts',
      title: label('attempts'),
      dataIndex: 'attempts',
      width: 110,
      align: 'right',
      responsive: ['lg'],
      ...sorting('attempts'),
    },
    {
      key: 'link',
      title: label('link'),
      dataIndex: 'link',
      width: 140,
      render: (value: string | null, row) => <MessageLink link={value} hidden={row.linkHidden} />,
    },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={t('outbox.title')}
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              void queryClient.invalidateQueries({ queryKey: ['outbox'] });
              void queryClient.invalidateQueries({ queryKey: ['jobs'] });
            }}
            loading={query.isFetching}
            data-testid="outbox-refresh"
          >
            {t('common.refresh')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('outbox.intro')}</Typography.Paragraph>
        <FilterForm entity={outboxEntity} value={state.filter} onSearch={(filter) => update({ filter, page: 1 })} onReset={reset} />
        <Table<OutboxMessage>
          rowKey="id"
          size="middle"
          columns={columns}
          {...pagedTable}
          expandable={{
            expandRowByClick: true,
            expandedRowRender: (row) => (
              <div data-testid="outbox-body">
                {row.subject && <Typography.Title level={5}>{row.subject}</Typography.Title>}
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{row.body}</Typography.Paragraph>
                {row.link && row.linkHidden && (
                  <Typography.Paragraph type="secondary" data-testid="outbox-link-hidden-hint">
                    <MessageLink link={row.link} hidden /> {t('outbox.linkHiddenHint')}
                  </Typography.Paragraph>
                )}
                {row.link && !row.linkHidden && (
                  <Typography.Paragraph copyable={{ text: row.link }} style={{ wordBreak: 'break-all' }}>
                    <MessageLink link={row.link} hidden={false} /> <Typography.Text type="secondary">{row.link}</Typography.Text>
                  </Typography.Paragraph>
                )}
                {row.sentAt && (
                  <Typography.Paragraph type="secondary">{`${label('sentAt')}: ${formatDateTime(row.sentAt)}`}</Typography.Paragraph>
                )}
                {row.error && (
                  <Typography.Text type="danger" data-testid="outbox-error">
                    {`${label('error')} (${label('attempts')}: ${row.attempts}): ${row.error}`}
                  </Typography.Text>
                )}
              </div>
            ),
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            const patch = listPatchOfTableChange(state, pagination, sorter, extra);
            if (patch) update(patch);
          }}
          data-testid="outbox-table"
        />
      </Card>
      <JobQueuePanel />
    </Space>
  );
}
