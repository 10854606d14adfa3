import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, type TableProps, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useErrorHandler } from '../../app/error-handler';
import { formatDateTime } from '../../app/format';
import { SectionTitle } from '../../app/page-title';
import { ScrollRegion } from '../../kit/list/scroll-region';
import './messages';

/** GET /jobs (docs/api-contract.md, "Settings, audit, files"). */
type QueueState = {
  queues: ({ name: string } & Record<JobState, number>)[];
  failures: { id: string; name: string; error: string; attempts: number; failedAt: string }[];
};
type JobState = 'queued' | 'active' | 'retrying' | 'failed' | 'completed';

const STATES: JobState[] = ['queued', 'active', 'retrying', 'failed', 'completed'];
const STATE_COLORS: Partial<Record<JobState, string>> = { active: 'processing', retrying: 'gold', failed: 'red' };

/**
 * The job queue beside the outbox it sends: jobs per kind and state, and the latest failures with
 * their error (a domain error code is shown translated). Read every 10 s while the page is open.
 */
export function JobQueuePanel() {
  const { t, i18n } = useTranslation();
  const handleError = useErrorHandler();
  const query = useQuery({ queryKey: ['jobs'], queryFn: () => api.get<QueueState>('/jobs'), refetchInterval: 10_000 });
  useEffect(() => {
    if (query.error) handleError(query.error);
  }, [query.error, handleError]);

  const jobName = (name: string) => t(`outbox.queue.names.${name.replace(/\./g, '-')}`, { defaultValue: name });
  const errorText = (error: string) => (/^[a-z][\w]*(\.[\w-]+)+$/i.test(error) && i18n.exists(error) ? t(error) : error);

  const queueColumns: TableProps<QueueState['queues'][number]>['columns'] = [
    { key: 'name', title: t('outbox.queue.job'), dataIndex: 'name', render: (name: string) => jobName(name) },
    ...STATES.map((state) => ({
      key: state,
      title: t(`outbox.queue.states.${state}`),
      dataIndex: state,
      align: 'right' as const,
      width: 130,
      render: (count: number) =>
        count && STATE_COLORS[state] ? (
          <Tag color={STATE_COLORS[state]} data-testid={`queue-${state}`}>
            {count}
          </Tag>
        ) : (
          <span data-testid={`queue-${state}`}>{count}</span>
        ),
    })),
  ];

  const failureColumns: TableProps<QueueState['failures'][number]>['columns'] = [
    {
      key: 'failedAt',
      title: t('outbox.queue.failedAt'),
      dataIndex: 'failedAt',
      width: 160,
      render: (value: string) => formatDateTime(value),
    },
    { key: 'name', title: t('outbox.queue.job'), dataIndex: 'name', width: 220, render: (name: string) => jobName(name) },
    { key: 'attempts', title: t('outbox.queue.attempts'), dataIndex: 'attempts', width: 110, align: 'right' },
    {
      key: 'error',
      title: t('outbox.queue.error'),
      dataIndex: 'error',
      ellipsis: true,
      render: (error: string) => <Typography.Text type="danger">{errorText(error)}</Typography.Text>,
    },
  ];

  const loading = query.isLoading;
  return (
    <Card title={<SectionTitle title={t('outbox.queue.title')} />} data-testid="job-queue">
      <Typography.Paragraph type="secondary">{t('outbox.queue.intro')}</Typography.Paragraph>
      <PanelTable
        label={t('outbox.queue.title')}
        rowKey="name"
        loading={loading}
        columns={queueColumns}
        rows={query.data?.queues ?? []}
        emptyText={t('outbox.queue.empty')}
        minWidth="max-content"
        testId="job-queue-table"
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('outbox.queue.failures')}
      </Typography.Title>
      <PanelTable
        label={t('outbox.queue.failures')}
        rowKey="id"
        loading={loading}
        columns={failureColumns}
        rows={query.data?.failures ?? []}
        emptyText={t('outbox.queue.noFailures')}
        // Empty, it fits the card: its "no failures" stays in view instead of centred in 640 px.
        minWidth={query.data?.failures.length ? 640 : undefined}
        testId="job-failures"
      />
    </Card>
  );
}

/** One of the panel's small tables, scrolled inside the card on a phone instead of widening the page. */
function PanelTable<Row extends object>(props: {
  label: string;
  rowKey: keyof Row & string;
  loading: boolean;
  columns: TableProps<Row>['columns'];
  rows: Row[];
  emptyText: string;
  minWidth?: number | string;
  testId: string;
}) {
  return (
    <ScrollRegion label={props.label}>
      <Table<Row>
        rowKey={props.rowKey}
        size="small"
        pagination={false}
        loading={props.loading}
        columns={props.columns}
        dataSource={props.rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} /> }}
        style={{ minWidth: props.minWidth }}
        data-testid={props.testId}
      />
    </ScrollRegion>
  );
}
