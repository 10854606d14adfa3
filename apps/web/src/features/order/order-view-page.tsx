import {
  CalendarOutlined,
  CloseCircleOutlined,
  KeyOutlined,
  ReloadOutlined,
  SwapOutlined,
  UnlockOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  auditActorText,
  consoleMovesOf,
  DECLARED_ENTITIES,
  type OrderStatus,
  type OrderType,
  orderHoldsCompartment,
  type RelationRef,
} from '@ebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Modal, Select, Space, Tag, Timeline, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { announce } from '../../app/announcer';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { formatDateTime } from '../../app/format';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { DateTimeInput } from '../../kit/fields/date-inputs';
import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { useCompartmentCommand } from '../ebox/compartment-command';
import { COMPARTMENT_OFFLINE_NOTE_ID, CompartmentOfflineNote } from '../ebox/compartment-offline-note';
import { useLockerOnline } from '../ebox/locker-online';
import './messages';
import { OrderGlance } from './order-glance';
import { type HistoryEntry, useOrderHistory } from './order-history-query';
import { useOrderLive } from './order-live';

const order = DECLARED_ENTITIES.order;

// The messages to the customer are a feature of their own (features/message), shared with the message
// log: fetched beside the page, not in its chunk, so neither screen carries the other's code.
const OrderCommunications = lazy(() =>
  import('../message/order-communications').then((module) => ({ default: module.OrderCommunications })),
);

/**
 * Who moved the order, in the audit log's words: a locker by its code ("Terminal RJ-COPA-01"), a
 * job or the seed by what it does ("Sistema: dados de demonstração"), a person as their kind and e-mail.
 */
function historyActorText(t: TFunction, actor: HistoryEntry['actor']): string {
  if (actor.kind === 'terminal') return auditActorText(t, `terminal:${actor.label}`);
  if (actor.kind === 'job' || actor.kind === 'system') return auditActorText(t, `system:${actor.label}`);
  return `${t(`entities.order.history.actorKinds.${actor.kind}`, { defaultValue: actor.kind })}: ${actor.label}`;
}

/** The order's history as a timeline: each change (who or which locker, when, from, to, why) and each refused trigger. */
function OrderHistory({ orderId, type }: { orderId: string; type: string }) {
  const { t } = useTranslation();
  const history = useOrderHistory(orderId);
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
                  {[entry.from, entry.to]
                    .filter((value): value is string => value !== null)
                    .map(status)
                    .join(' → ')}{' '}
                  {entry.refused && <Tag color="red">{t('entities.order.history.refused')}</Tag>}
                </span>
                {entry.refusal && (
                  <Typography.Text type="danger">
                    {t(`entities.order.lifecycle.refusals.${entry.refusal}`, {
                      type: enumLabel(t, order, 'type', type),
                      status: entry.from ? status(entry.from) : '',
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
                  {historyActorText(t, entry.actor)}
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

/** The statuses a person may move the order to from its current one (a cancel has its own button). */
function statusMovesOf(record: EntityRecord) {
  return consoleMovesOf(record.type as OrderType, (record.status ?? 'CREATED') as OrderStatus).filter((move) => move.action !== 'cancel');
}

/** POST /order/update-status: a status the machine offers from the current one, with a required reason. */
function UpdateStatusButton({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ status: string; reason: string }>();
  const moves = statusMovesOf(record);
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

/** Whether the lifecycle lets the console cancel the order where it stands. */
function cancellable(record: EntityRecord): boolean {
  return consoleMovesOf(record.type as OrderType, (record.status ?? 'CREATED') as OrderStatus).some((move) => move.action === 'cancel');
}

/**
 * Cancel (spec 4.1: deleting an order cancels it, DELETE /order): after a confirmation, and the
 * order stays on screen, canceled, with the change in its history.
 */
function CancelButton({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const trackingCode = String(record.trackingCode ?? '');
  const confirm = () =>
    modal.confirm({
      title: t('orderPage.cancel.title', { trackingCode }),
      content: t('orderPage.cancel.text'),
      okText: t('orderPage.cancel.confirm'),
      okButtonProps: { danger: true, ...tagForTests('confirm-order-cancel') },
      cancelText: t('orderPage.cancel.keep'),
      onOk: async () => {
        try {
          await api.delete('/order', { ids: [record.id] });
          message.success(t('orderPage.cancel.success', { trackingCode }));
          await queryClient.invalidateQueries({ queryKey: entityKeys.all('order') });
          await queryClient.invalidateQueries({ queryKey: entityKeys.all('compartiment') });
        } catch (error) {
          handleError(error);
        }
      },
    });
  return (
    <Button danger icon={<CloseCircleOutlined />} onClick={confirm} data-testid="order-cancel">
      {t('orderPage.cancel.button')}
    </Button>
  );
}

/**
 * Opens the order's compartment at its locker (compartimentOpen), as the locker face does, for this
 * order. On an offline locker the drawer's note says so beside it before anyone clicks (the status
 * followed live); the button stays, since the locker may be back by the time it is pressed and the
 * API then answers what happened.
 */
function OpenCompartmentButton({ record, compartment }: { record: EntityRecord; compartment: RelationRef }) {
  const { t } = useTranslation();
  const number = record.compartimentNumber ?? compartment.label;
  const { busy, confirm } = useCompartmentCommand({ id: compartment.id, number }, record.id);
  const offline = useLockerOnline((record.ebox as RelationRef | null | undefined)?.id) === false;
  return (
    <Space wrap data-testid="order-open" data-offline={offline ? 'true' : 'false'}>
      <Button
        icon={<UnlockOutlined />}
        loading={busy === 'open'}
        onClick={() => confirm('open')}
        aria-describedby={offline ? COMPARTMENT_OFFLINE_NOTE_ID : undefined}
        data-testid="order-open-compartment"
      >
        {t('orderPage.open.button', { number })}
      </Button>
      {offline && <CompartmentOfflineNote />}
    </Space>
  );
}

const CUSTOMER_FIELDS = ['toCustomer', 'fromCustomer'] as const;

/** Spec 2.6: the order's customer edited from the order, /customer/:id/edit/:idOrder, which comes back here. */
function EditCustomerButtons({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return CUSTOMER_FIELDS.map((field) => {
    const customer = record[field] as RelationRef | null | undefined;
    if (!customer?.id) return null;
    return (
      <Button
        key={field}
        icon={<UserOutlined />}
        onClick={() => navigate(`/customer/${customer.id}/edit/${record.id}`)}
        data-testid={`order-edit-${field}`}
      >
        {t('orderPage.customer.edit', { role: t(`entities.order.fields.${field}`).toLocaleLowerCase(), name: customer.label })}
      </Button>
    );
  });
}

/**
 * The access code (issue 25): the API shows it on the record only to who may resend it or edit the
 * order, while the order is live; everyone else reads it masked, with why. Who may edit the order
 * asks for a new one (POST /order/{id}/newAccessCode) after a confirmation: a code is never typed.
 */
function AccessCode({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { modal, message } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const live = orderHoldsCompartment(record.status);
  const code = typeof record.accessCode === 'string' ? record.accessCode : null;
  const trackingCode = String(record.trackingCode ?? '');
  const hint = live ? t('orderPage.accessCode.hiddenNoPermission') : t('orderPage.accessCode.hiddenFinished');
  const renew = () =>
    modal.confirm({
      title: t('orderPage.accessCode.title', { trackingCode }),
      content: t('orderPage.accessCode.text'),
      okText: t('orderPage.accessCode.confirm'),
      okButtonProps: tagForTests('confirm-order-new-access-code'),
      cancelText: t('orderPage.accessCode.keep'),
      onOk: async () => {
        try {
          await api.post(`/order/${record.id}/newAccessCode`, { data: {} });
          message.success(t('orderPage.accessCode.success', { trackingCode }));
          await queryClient.invalidateQueries({ queryKey: entityKeys.all('order') });
        } catch (error) {
          handleError(error);
        }
      },
    });
  return (
    <Space data-testid="order-access-code">
      <KeyOutlined aria-hidden />
      <Typography.Text strong>{t('entities.order.fields.accessCode')}:</Typography.Text>
      {code ? (
        <Typography.Text code copyable data-testid="order-access-code-value">
          {code}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" data-testid="order-access-code-hidden">
          •••••• ({hint})
        </Typography.Text>
      )}
      {can('orderEdit') && live && (
        <Button icon={<ReloadOutlined />} onClick={renew} data-testid="order-new-access-code">
          {t('orderPage.accessCode.newCode')}
        </Button>
      )}
    </Space>
  );
}

/** The order's console actions, each shown to the holders of its permission and where the order allows it. */
function OrderActions({ record }: { record: EntityRecord }) {
  const { can } = useCurrentUser();
  const compartment = record.compartiment as RelationRef | null | undefined;
  return (
    <Space wrap>
      <AccessCode record={record} />
      {/* Offered only where the lifecycle lets a person move the order (never on a finished one). */}
      {can('orderUpdateStatus') && statusMovesOf(record).length > 0 && <UpdateStatusButton record={record} />}
      {can('orderUpdateOverdue') && <UpdateOverdueButton record={record} />}
      {can('compartimentOpen') && compartment?.id && orderHoldsCompartment(record.status) && (
        <OpenCompartmentButton record={record} compartment={compartment} />
      )}
      {can('customerEdit') && <EditCustomerButtons record={record} />}
      {can('orderDestroy') && cancellable(record) && <CancelButton record={record} />}
    </Space>
  );
}

/**
 * /order/:id: the order, its console actions (update status and expiry date, open its compartment,
 * edit its customer, cancel), its history timeline and the messages to its customer, all following
 * the order live.
 */
export function OrderViewPage() {
  const entity = useRouteEntity();
  const { t } = useTranslation();
  const { id } = useParams();
  const queryClient = useQueryClient();
  useOrderLive((change) => {
    if (change.orderId !== id) return;
    const shown = queryClient.getQueryData<EntityRecord>(entityKeys.find('order', change.orderId));
    announce(t('orderPage.live.changed', { trackingCode: shown?.trackingCode ?? '', status: enumLabel(t, order, 'status', change.to) }));
  });
  return (
    <EntityViewPage
      entity={entity}
      isDestroyable={() => false}
      header={(record) => <OrderActions record={record} />}
      lead={(record) => <OrderGlance record={record} />}
    >
      {(record) => (
        <>
          <OrderHistory orderId={record.id} type={String(record.type)} />
          <Suspense fallback={null}>
            <OrderCommunications order={record} />
          </Suspense>
        </>
      )}
    </EntityViewPage>
  );
}
