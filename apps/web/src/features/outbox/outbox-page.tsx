import { EyeInvisibleOutlined, LinkOutlined, MailOutlined, MessageOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { formatDateTime } from '../../app/format';
import { pagingChangesOf, usePagedTable, useUrlPaging } from '../../kit/list/url-paged-table';

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
  createdAt: string;
};

const STATUS_COLORS: Record<string, string> = { sent: 'green', outbox: 'blue', failed: 'red' };

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
 * /outbox (settingsEdit): mail and SMS the console sent or, without SMTP_URL or an SMS provider,
 * kept here, so verification and reset links work on a laptop. The API masks a link's token for a
 * reader who may not manage its recipient; the page says so instead of offering a dead link.
 */
export default function OutboxPage() {
  const { t, i18n } = useTranslation();
  const { page, pageSize, update } = useUrlPaging();

  const query = useQuery({
    queryKey: ['outbox', { page, pageSize }],
    queryFn: () =>
      api.get<{ rows: OutboxMessage[]; count: number }>('/outbox', {
        orderBy: 'createdAt_DESC',
        limit: pageSize,
        offset: (page - 1) * pageSize,
      }),
    placeholderData: keepPreviousData,
  });
  const pagedTable = usePagedTable(query, { page, pageSize }, t('outbox.empty'));

  const label = (group: 'channels' | 'statuses', value: string) =>
    i18n.exists(`outbox.${group}.${value}`) ? t(`outbox.${group}.${value}`) : value;

  const columns: TableProps<OutboxMessage>['columns'] = [
    {
      key: 'createdAt',
      title: t('outbox.fields.createdAt'),
      dataIndex: 'createdAt',
      render: (value: string) => formatDateTime(value),
      width: 150,
    },
    {
      key: 'channel',
      title: t('outbox.fields.channel'),
      dataIndex: 'channel',
      width: 100,
      render: (value: string) => (
        <span>
          {value === 'sms' ? <MessageOutlined /> : <MailOutlined />} {label('channels', value)}
        </span>
      ),
    },
    { key: 'recipient', title: t('outbox.fields.recipient'), dataIndex: 'recipient', ellipsis: true },
    {
      key: 'subject',
      title: t('outbox.fields.subject'),
      dataIndex: 'subject',
      ellipsis: true,
      responsive: ['md'],
      render: (value: string | null, row) => value ?? <Typography.Text type="secondary">{row.body.slice(0, 60)}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('outbox.fields.status'),
      dataIndex: 'status',
      width: 150,
      responsive: ['sm'],
      render: (value: string) => <Tag color={STATUS_COLORS[value]}>{label('statuses', value)}</Tag>,
    },
    {
      key: 'link',
      title: t('outbox.fields.link'),
      dataIndex: 'link',
      width: 140,
      render: (value: string | null, row) => <MessageLink link={value} hidden={row.linkHidden} />,
    },
  ];

  return (
    <Card
      title={t('outbox.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching} data-testid="outbox-refresh">
          {t('common.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('outbox.intro')}</Typography.Paragraph>
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
              {row.error && <Typography.Text type="danger">{`${t('outbox.fields.error')}: ${row.error}`}</Typography.Text>}
            </div>
          ),
        }}
        onChange={(pagination) => update(pagingChangesOf(pagination))}
        data-testid="outbox-table"
      />
    </Card>
  );
}
