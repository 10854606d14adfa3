import { HistoryOutlined, RedoOutlined } from '@ant-design/icons';
import type { WebhookDeliveryStatus } from '@ebox/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Form, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { formatDateTime } from '../../app/format';
import { entityKeys } from '../../kit/entity-api';
import { DateRangeInput } from '../../kit/fields/date-inputs';
import { namedPageLinks } from '../../kit/list/page-links';
import './messages';

/** One row of GET /webhook/{id}/deliveries. */
type Delivery = {
  id: string;
  messageId: string;
  type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  body: string;
  attemptLog: {
    attemptedAt: string;
    statusCode: number | null;
    durationMs: number;
    responseExcerpt: string | null;
    error: string | null;
  }[];
};

const PAGE_SIZE = 25;
const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = { pending: 'gold', delivered: 'green', failed: 'red' };

const deliveriesKey = (webhookId: string, page: number) => [...entityKeys.all('webhook'), 'deliveries', webhookId, page];

/** The order a delivery is about, by its tracking code (the body names it). */
function trackingCodeOf(delivery: Delivery): string {
  try {
    const body = JSON.parse(delivery.body) as { data?: { trackingCode?: string | null; orderId?: string } };
    return body.data?.trackingCode ?? body.data?.orderId ?? '';
  } catch {
    return '';
  }
}

/** The body as sent, indented for reading (the signature covers the compact text the API keeps). */
function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A delivery's attempts and the body it sends: the expanded row. */
function DeliveryDetail({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered data-testid="webhook-delivery-detail">
      <Descriptions.Item label="webhook-id">
        <Typography.Text code copyable>
          {delivery.messageId}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('webhookPage.deliveries.attemptLog')}>
        <Table
          size="small"
          pagination={false}
          rowKey="attemptedAt"
          dataSource={delivery.attemptLog}
          columns={[
            { key: 'at', title: t('webhookPage.deliveries.attemptAt'), render: (_, row) => formatDateTime(row.attemptedAt) },
            {
              key: 'answer',
              title: t('webhookPage.deliveries.answer'),
              render: (_, row) =>
                row.statusCode === null ? `${t('webhookPage.deliveries.noAnswer')}: ${row.error ?? ''}` : row.statusCode,
            },
            {
              key: 'duration',
              title: t('webhookPage.deliveries.duration'),
              render: (_, row) => t('webhookPage.deliveries.durationMs', { ms: row.durationMs }),
            },
            {
              key: 'excerpt',
              title: t('webhookPage.deliveries.excerpt'),
              render: (_, row) => (
                <Typography.Text ellipsis={{ tooltip: row.responseExcerpt }}>{row.responseExcerpt ?? ''}</Typography.Text>
              ),
            },
          ]}
        />
      </Descriptions.Item>
      <Descriptions.Item label={t('webhookPage.deliveries.body')}>
        <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, fontSize: 12 }}>{readableBody(delivery.body)}</pre>
      </Descriptions.Item>
    </Descriptions>
  );
}

const HOUR = 3_600_000;

/** "Send the given-up ones again": every failed delivery created in a period (the last day by default). */
function ReplayButton({ webhookId, onReplayed }: { webhookId: string; onReplayed: () => Promise<void> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ period: [string | null, string | null] | null }>();
  const replay = async ({ period }: { period: [string | null, string | null] | null }) => {
    setSaving(true);
    try {
      const from = period?.[0] ?? new Date(0).toISOString();
      const to = period?.[1] ?? new Date().toISOString();
      const { count } = await api.post<{ count: number }>(`/webhook/${webhookId}/deliveries/replay`, { data: { from, to } });
      setOpen(false);
      message.success(t('webhookPage.deliveries.replayed', { count }));
      await onReplayed();
    } catch (error) {
      handleError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} data-testid="webhook-replay">
        {t('webhookPage.deliveries.replay')}
      </Button>
      <Modal
        open={open}
        title={t('webhookPage.deliveries.replayTitle')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('webhookPage.deliveries.replayConfirm')}
        cancelText={t('kit.actions.cancel')}
        okButtonProps={{ loading: saving }}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('webhookPage.deliveries.replayText')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          onFinish={replay}
          initialValues={{ period: [new Date(Date.now() - 24 * HOUR).toISOString(), new Date().toISOString()] }}
        >
          <Form.Item name="period" label={t('webhookPage.deliveries.replayPeriod')}>
            <DateRangeInput />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** The webhook's deliveries, newest first, each with its attempts; "send again" for those who may edit it. */
export function WebhookDeliveriesCard({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [resending, setResending] = useState<string | null>(null);
  const deliveries = useQuery({
    queryKey: deliveriesKey(webhookId, page),
    queryFn: () =>
      api.get<{ rows: Delivery[]; count: number }>(`/webhook/${webhookId}/deliveries?limit=${PAGE_SIZE}&offset=${(page - 1) * PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    // Deliveries move by themselves (sent, retried, given up): the log follows while it is open.
    refetchInterval: 5_000,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: [...entityKeys.all('webhook'), 'deliveries', webhookId] });

  const resend = async (delivery: Delivery) => {
    setResending(delivery.id);
    try {
      await api.post(`/webhook/${webhookId}/deliveries/${delivery.id}/resend`);
      message.success(t('webhookPage.deliveries.resent'));
      await refresh();
    } catch (error) {
      handleError(error);
    } finally {
      setResending(null);
    }
  };

  return (
    <Card
      title={t('webhookPage.deliveries.title')}
      data-testid="webhook-deliveries"
      extra={can('webhookEdit') && <ReplayButton webhookId={webhookId} onReplayed={refresh} />}
    >
      <Table<Delivery>
        size="small"
        rowKey="id"
        loading={deliveries.isPending}
        dataSource={deliveries.data?.rows ?? []}
        // Scrolls inside its card on a phone instead of widening the page.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('webhookPage.deliveries.empty')} /> }}
        pagination={{
          itemRender: namedPageLinks(t),
          current: page,
          pageSize: PAGE_SIZE,
          total: deliveries.data?.count ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        expandable={{
          expandedRowRender: (delivery) => <DeliveryDetail delivery={delivery} />,
          columnTitle: <span className="visually-hidden">{t('webhookPage.deliveries.details')}</span>,
        }}
        columns={[
          { key: 'createdAt', title: t('webhookPage.deliveries.createdAt'), render: (_, row) => formatDateTime(row.createdAt) },
          { key: 'type', title: t('webhookPage.deliveries.type'), render: (_, row) => <Typography.Text code>{row.type}</Typography.Text> },
          { key: 'order', title: t('webhookPage.deliveries.order'), render: (_, row) => trackingCodeOf(row) },
          {
            key: 'status',
            title: t('webhookPage.deliveries.status'),
            render: (_, row) => (
              <Tag color={STATUS_COLORS[row.status]} data-testid="webhook-delivery-status">
                {t(`webhookPage.deliveries.statuses.${row.status}`)}
              </Tag>
            ),
          },
          { key: 'attempts', title: t('webhookPage.deliveries.attempts'), dataIndex: 'attempts', responsive: ['md'] },
          {
            key: 'lastAnswer',
            title: t('webhookPage.deliveries.lastAnswer'),
            responsive: ['md'],
            render: (_, row) =>
              row.attempts === 0 ? '' : (row.lastStatusCode ?? `${t('webhookPage.deliveries.noAnswer')}: ${row.lastError ?? ''}`),
          },
          {
            key: 'nextAttempt',
            title: t('webhookPage.deliveries.nextAttempt'),
            responsive: ['md'],
            render: (_, row) => (row.nextAttemptAt ? formatDateTime(row.nextAttemptAt) : ''),
          },
          ...(can('webhookEdit')
            ? [
                {
                  key: 'resend',
                  title: <span className="visually-hidden">{t('webhookPage.deliveries.actions')}</span>,
                  render: (_: unknown, row: Delivery) =>
                    row.status === 'pending' ? null : (
                      <Button
                        size="small"
                        icon={<RedoOutlined />}
                        loading={resending === row.id}
                        onClick={() => resend(row)}
                        data-testid="webhook-resend"
                      >
                        {t('webhookPage.deliveries.resend')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
