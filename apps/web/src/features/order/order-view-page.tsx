import { CalendarOutlined, SwapOutlined } from '@ant-design/icons';
import { consoleMovesOf, DECLARED_ENTITIES, type OrderStatus, type OrderType } from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Modal, Select, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { formatDateTime } from '../../app/format';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { DateTimeInput } from '../../kit/fields/date-inputs';
import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';

const order = DECLARED_ENTITIES.order;

/** One row of GET /order/{id}/history. */
type HistoryEntry = {
  id: string;
  from: string;
  to: string | null;
  refused: boolean;
  trigger: string;
  reason: string | null;
  refusal: string | null;
  actor: { kind: string; id: string | null; label: string };
  at: string;
  recordedAt: string;
};

const historyKey = (id: string) => [...entityKeys.all('order'), 'history', id];

/** The order's history as a timeline: each change (who or which locker, when, from, to, why) and each refused trigger. */
function OrderHistory({ orderId, type }: { orderId: string; type: string }) {
  const { t } = useTranslation();
  const history = useQuery({ queryKey: historyKey(orderId), queryFn: () => api.get<HistoryEntry[]>(`/order/${orderId}/history`) });
  const status = (value: string) => enumLabel(t, order, 'status', value);
  const entries = history.data ?? [];
  return (
    <Card title={t('entities.order.history.title')} loading={history.isPending} data-testid="order-history">
      {entries.length === 0 ? (
        <Empty description={t('entities.order.history.empty')} />
      ) : (
        <Timeline
          items={entries.map((entry) => ({
            key: entry.id,
            color: entry.refused ? 'red' : 'blue',
            children: (
              <Space orientation="vertical" size={0} data-testid="order-history-entry">
                <Typography.Text strong>
                  {formatDateTime(entry.at)} · {t(`entities.order.lifecycle.triggers.${entry.trigger}`, { defaultValue: entry.trigger })}
                </Typography.Text>
                <span>
                  {status(entry.from)}
                  {entry.to ? ` → ${status(entry.to)}` : ''} {entry.refused && <Tag color="red">{t('entities.order.history.refused')}</Tag>}
                </span>
                {entry.refusal && (
                  <Typography.Text type="danger">
                    {t(`entities.order.lifecycle.refusals.${entry.refusal}`, {
                      type: enumLabel(t, order, 'type', type),
                      status: status(entry.from),
                      trigger: t(`entities.order.lifecycle.triggers.${entry.trigger}`, { defaultValue: entry.trigger }),
                    })}
                  </Typography.Text>
                )}
                {entry.reason && (
                  <span>
                    {t('entities.order.history.reason')}: {entry.reason}
                  </span>
                )}
                <Typography.Text type="secondary">
                  {t(`entities.order.history.actorKinds.${entry.actor.kind}`, { defaultValue: entry.actor.kind })}: {entry.actor.label}
                  {entry.recordedAt.slice(0, 16) !== entry.at.slice(0, 16) &&
                    ` · ${t('entities.order.history.recordedAt', { date: formatDateTime(entry.recordedAt) })}`}
                </Typography.Text>
              </Space>
            ),
          }))}
        />
      )}
    </Card>
  );
}

/**
 * A console action on the order in a dialog: posts `body(values)` to `path`, says `success`, closes
 * and reads the order, its history and the lists showing it again; a refusal stays in the dialog.
 */
function useOrderAction<V>(path: string, success: string, body: (values: V) => unknown, onDone?: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const submit = async (values: V) => {
    setSaving(true);
    try {
      await api.post(path, { data: body(values) });
      message.success(t(success));
      setOpen(false);
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('order') });
    } catch (error) {
      handleError(error);
    } finally {
      setSaving(false);
    }
  };
  return { open, setOpen, saving, submit };
}

/** POST /order/update-status: a status the machine offers from the current one, with a required reason. */
function UpdateStatusButton({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ status: string; reason: string }>();
  const moves = consoleMovesOf(record.type as OrderType, (record.status ?? 'CREATED') as OrderStatus).filter(
    (move) => move.action !== 'cancel',
  );
  const { open, setOpen, saving, submit } = useOrderAction(
    '/order/update-status',
    'entities.order.statusUpdate.success',
    (values: { status: string; reason: string }) => ({ id: record.id, ...values }),
    () => form.resetFields(),
  );
  return (
    <>
      <Button icon={<SwapOutlined />} onClick={() => setOpen(true)} data-testid="order-update-status">
        {t('entities.order.statusUpdate.button')}
      </Button>
      <Modal
        open={open}
        title={t('entities.order.statusUpdate.title', { trackingCode: record.trackingCode })}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okButtonProps={{ loading: saving, disabled: moves.length === 0 }}
        cancelText={t('kit.actions.cancel')}
        destroyOnHidden
      >
        {moves.length === 0 ? (
          <Typography.Paragraph>{t('entities.order.statusUpdate.none')}</Typography.Paragraph>
        ) : (
          <Form form={form} layout="vertical" onFinish={submit}>
            <Form.Item
              name="status"
              label={t('entities.order.statusUpdate.status')}
              rules={[{ required: true, message: t('entities.order.statusUpdate.status') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="order-status-select"
                options={moves.map((move) => ({ value: move.to, label: enumLabel(t, order, 'status', move.to) }))}
              />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('entities.order.statusUpdate.reason')}
              rules={[{ required: true, whitespace: true, message: t('entities.order.errors.reasonRequired') }]}
            >
              <Input.TextArea maxLength={500} rows={3} data-testid="order-status-reason" />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}

/** POST /order/update-overdue: a new expiry date, in the future. */
function UpdateOverdueButton({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ overdueDate: string }>();
  const { open, setOpen, saving, submit } = useOrderAction(
    '/order/update-overdue',
    'entities.order.overdueUpdate.success',
    (values: { overdueDate: string }) => ({ ids: [record.id], overdueDate: values.overdueDate }),
  );
  return (
    <>
      <Button icon={<CalendarOutlined />} onClick={() => setOpen(true)} data-testid="order-update-overdue">
        {t('entities.order.overdueUpdate.button')}
      </Button>
      <Modal
        open={open}
        title={t('entities.order.overdueUpdate.title', { trackingCode: record.trackingCode })}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okButtonProps={{ loading: saving }}
        cancelText={t('kit.actions.cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ overdueDate: record.overdueDate ?? null }}>
          <Form.Item
            name="overdueDate"
            label={t('entities.order.fields.overdueDate')}
            rules={[{ required: true, message: t('entities.order.errors.overdueInPast') }]}
          >
            <DateTimeInput />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** /order/:id: the order, its console actions (update status, update expiry date) and its history timeline. */
export function OrderViewPage() {
  const entity = useRouteEntity();
  const { can } = useCurrentUser();
  return (
    <EntityViewPage
      entity={entity}
      header={(record) =>
        (can('orderUpdateStatus') || can('orderUpdateOverdue')) && (
          <Space wrap>
            {can('orderUpdateStatus') && <UpdateStatusButton record={record} />}
            {can('orderUpdateOverdue') && <UpdateOverdueButton record={record} />}
          </Space>
        )
      }
    >
      {(record) => <OrderHistory orderId={record.id} type={String(record.type)} />}
    </EntityViewPage>
  );
}
