import { DECLARED_ENTITIES, type LiveEvent } from '@ebox/domain';
import type { BotConversationRow, BotConversationsAnswer } from '@ebox/domain/bot/messages';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Form, Input, Select, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { formatDateTime, formatNumber } from '../../app/format';
import { type LiveMessage, useLiveEvents } from '../../app/live-events';
import { enumLabel } from '../../kit/entity-labels';
import { DateRangeInput } from '../../kit/fields/date-inputs';
import { namedPageLinks } from '../../kit/list/page-links';
import { ScrollRegion } from '../../kit/list/scroll-region';
import { CONVERSATION_STEP_NAMES, formatPhone, HAND_OFF_STATES, HandOffTag, stepText } from './bot-message-words';

const order = DECLARED_ENTITIES.order;
const payment = DECLARED_ENTITIES.payment;
const PAYMENT_COLORS: Record<string, string> = { PENDING: 'gold', APPROVED: 'green', DECLINED: 'red' };
const PAGE_SIZES = [10, 25, 50, 100];

type Filters = {
  phone?: string;
  step?: string;
  handOff?: (typeof HAND_OFF_STATES)[number] | 'any';
  period?: [string | null, string | null] | null;
};

export const conversationsKey = (botId: string) => ['bot-messages', botId, 'conversations'] as const;

/** A page of GET /bot/{id}/messages with the filters applied. */
function useConversations(botId: string, filters: Filters, page: { current: number; size: number }, orderBy: string) {
  const [from, to] = filters.period ?? [null, null];
  return useQuery({
    queryKey: [...conversationsKey(botId), filters, page, orderBy],
    queryFn: () =>
      api.get<BotConversationsAnswer>(`/bot/${botId}/messages`, {
        filter: {
          phone: filters.phone?.replace(/\D/g, '') || undefined,
          step: filters.step,
          handOff: filters.handOff,
          lastMessageAt: from || to ? [from ?? '', to ?? ''] : undefined,
        },
        orderBy,
        limit: page.size,
        offset: (page.current - 1) * page.size,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * /bot/:id/messages: the bot's conversations, one row per phone (the last message, the step, the
 * booking, its payment, the hand-off), filtered and paged; each phone opens its
 * thread. A message of this bot arriving or moving reads the page again (GET /live).
 */
export function ConversationList({ botId }: { botId: string }) {
  const { t, i18n } = useTranslation();
  const { can } = useCurrentUser();
  const paymentValue = (value: number | null) => (value === null ? '—' : formatNumber(value, i18n.language, { scale: 2, currency: 'BRL' }));
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [orderBy, setOrderBy] = useState('lastMessageAt_DESC');
  const conversations = useConversations(botId, filters, page, orderBy);

  useLiveEvents((message: LiveMessage) => {
    const event = message as LiveEvent | { name: 'ready' };
    const ours = event.name === 'botMessage.changed' && event.payload.botId === botId;
    if (event.name === 'ready' || ours) void queryClient.invalidateQueries({ queryKey: conversationsKey(botId) });
  });

  const apply = (values: Filters) => {
    setFilters(values);
    setPage((old) => ({ ...old, current: 1 }));
  };
  const clear = () => {
    form.resetFields();
    apply({});
  };
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== null && value !== '');

  const onChange: TableProps<BotConversationRow>['onChange'] = (pagination, _filters, sorter) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const next = sort?.order ? `lastMessageAt_${sort.order === 'ascend' ? 'ASC' : 'DESC'}` : 'lastMessageAt_DESC';
    if (next !== orderBy) setOrderBy(next);
    setPage({ current: next !== orderBy ? 1 : (pagination.current ?? 1), size: pagination.pageSize ?? page.size });
  };

  if (conversations.isError && !conversations.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('botMessages.list.loadFailed')}
        action={<Button onClick={() => void conversations.refetch()}>{t('botMessages.list.retry')}</Button>}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Form<Filters>
        form={form}
        layout="inline"
        onFinish={apply}
        aria-label={t('botMessages.list.filters.title')}
        data-testid="bot-conversation-filters"
        style={{ rowGap: 8 }}
      >
        <Form.Item name="phone" label={t('botMessages.list.filters.phone')}>
          <Input inputMode="tel" style={{ width: 180 }} data-testid="filter-phone" />
        </Form.Item>
        <Form.Item name="step" label={t('botMessages.list.filters.step')}>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('botMessages.list.filters.any')}
            options={CONVERSATION_STEP_NAMES.map((step) => ({ value: step, label: stepText(t, step) }))}
          />
        </Form.Item>
        <Form.Item name="handOff" label={t('botMessages.list.filters.handOff')}>
          <Select
            allowClear
            style={{ width: 220 }}
            placeholder={t('botMessages.list.filters.any')}
            options={[...HAND_OFF_STATES, 'any' as const].map((state) => ({ value: state, label: t(`botMessages.handOff.${state}`) }))}
          />
        </Form.Item>
        <Form.Item name="period" label={t('botMessages.list.filters.period')}>
          <DateRangeInput />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" data-testid="apply-filters">
              {t('botMessages.list.filters.apply')}
            </Button>
            <Button onClick={clear}>{t('botMessages.list.filters.clear')}</Button>
          </Flex>
        </Form.Item>
      </Form>
      <ScrollRegion label={t('botMessages.list.titlePlain')}>
        <Table<BotConversationRow>
          size="middle"
          rowKey="waId"
          data-testid="bot-conversations"
          loading={conversations.isFetching && !conversations.data ? true : conversations.isFetching ? { delay: 300 } : false}
          dataSource={conversations.data?.rows ?? []}
          onChange={onChange}
          locale={{ emptyText: <Empty description={filtered ? t('botMessages.list.emptyFiltered') : t('botMessages.list.empty')} /> }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: conversations.data?.count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            itemRender: namedPageLinks(t),
            showTotal: (total) => t('botMessages.list.total', { count: total }),
          }}
          columns={[
            {
              key: 'phone',
              title: t('botMessages.list.columns.phone'),
              render: (_, row) => (
                <Link
                  to={`/bot/${botId}/messages/${row.waId}`}
                  aria-label={t('botMessages.list.open', { phone: formatPhone(row.waId) })}
                  data-testid="open-thread"
                >
                  {formatPhone(row.waId)}
                </Link>
              ),
            },
            { key: 'customer', title: t('botMessages.list.columns.customer'), render: (_, row) => row.customerName ?? '—' },
            {
              key: 'lastMessage',
              title: t('botMessages.list.columns.lastMessage'),
              render: (_, row) => (
                <Typography.Text ellipsis={{ tooltip: row.lastMessage.text }} style={{ maxWidth: 280 }}>
                  {t(row.lastMessage.direction === 'in' ? 'botMessages.list.fromCustomer' : 'botMessages.list.fromBot', {
                    text: row.lastMessage.text ?? '',
                  })}
                </Typography.Text>
              ),
            },
            {
              key: 'lastMessageAt',
              title: t('botMessages.list.columns.lastMessageAt'),
              sorter: true,
              sortOrder: orderBy === 'lastMessageAt_ASC' ? 'ascend' : 'descend',
              sortDirections: ['descend', 'ascend', 'descend'],
              render: (_, row) => formatDateTime(row.lastMessage.at),
            },
            { key: 'step', title: t('botMessages.list.columns.step'), render: (_, row) => stepText(t, row.step) },
            {
              key: 'booking',
              title: t('botMessages.list.columns.booking'),
              render: (_, row) =>
                row.booking ? (
                  <Flex gap={4} wrap align="center">
                    <Link to={`/order/${row.booking.orderId}`}>{row.booking.trackingCode ?? row.booking.orderId}</Link>
                    <Tag>{enumLabel(t, order, 'status', row.booking.status)}</Tag>
                  </Flex>
                ) : (
                  '—'
                ),
            },
            {
              // The booking's latest charge (issue 32 item 4); a free booking, or none, has no payment.
              key: 'payment',
              title: t('botMessages.list.columns.payment'),
              render: (_, row) =>
                row.payment ? (
                  <Flex gap={4} wrap align="center" data-testid="bot-payment">
                    {can('paymentRead') ? (
                      <Link to={`/payment/${row.payment.id}`}>{paymentValue(row.payment.value)}</Link>
                    ) : (
                      paymentValue(row.payment.value)
                    )}
                    <Tag color={PAYMENT_COLORS[row.payment.status]}>{enumLabel(t, payment, 'status', row.payment.status)}</Tag>
                  </Flex>
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">{t('botMessages.list.noPayment')}</span>
                  </>
                ),
            },
            { key: 'handOff', title: t('botMessages.list.columns.handOff'), render: (_, row) => <HandOffTag state={row.handOff} /> },
          ]}
        />
      </ScrollRegion>
    </Flex>
  );
}
