import {
  DECLARED_ENTITIES,
  findOrderTransition,
  ORDER_STATUS_TONES,
  ORDER_STATUSES,
  type OrderStatus,
  type OrderStatusTone,
  type OrderType,
  orderHoldsCompartment,
  plannedWayOf,
  type RelationRef,
} from '@ebox/domain';
import { Alert, Grid, Steps, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import type { EntityRecord } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { type HistoryEntry, useOrderHistory } from './order-history-query';
import { OrderStatusTag } from './order-status-tag';

const order = DECLARED_ENTITIES.order;

const ALERT_TYPES: Record<OrderStatusTone, 'info' | 'warning' | 'success' | 'error'> = {
  underway: 'info',
  attention: 'warning',
  done: 'success',
  ended: 'error',
};

function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

type Reached = { status: OrderStatus; at: string | null };

/**
 * The statuses the order went through, oldest first, each with when it got there (the locker's own
 * time for a replayed event); refused triggers moved nothing. Until the history is read: where it is now.
 */
function reachedOf(status: OrderStatus, history: HistoryEntry[] | undefined): Reached[] {
  const reached: Reached[] = [];
  for (const entry of history ?? []) {
    if (entry.refused || !isOrderStatus(entry.to) || reached.at(-1)?.status === entry.to) continue;
    reached.push({ status: entry.to, at: entry.at });
  }
  return reached.at(-1)?.status === status ? reached : [...reached, { status, at: null }];
}

/** The banner's second line: where the parcel is, and what comes next by when (or when it ended). */
function glanceTextOf(t: TFunction, record: EntityRecord, type: OrderType, status: OrderStatus, reached: Reached[]): string[] {
  const lines: string[] = [];
  const locker = (record.ebox as RelationRef | null | undefined)?.label;
  const number = record.compartimentNumber;
  if (locker && number !== null && number !== undefined && orderHoldsCompartment(status)) {
    // Deposited once its storage stamp is written; before that the door is only booked.
    lines.push(
      typeof record.storedAt === 'string'
        ? t('orderPage.glance.inLocker', { locker, number, date: formatDateTime(record.storedAt as string) })
        : t('orderPage.glance.booked', { locker, number }),
    );
  }
  const [next] = plannedWayOf(type, status);
  if (!next) {
    const at = reached.at(-1)?.at;
    lines.push(at ? t('orderPage.glance.finishedAt', { date: formatDateTime(at) }) : t('orderPage.glance.finished'));
    return lines;
  }
  const deadline =
    typeof record.overdueDate === 'string' && findOrderTransition(type, status, 'job.expireOverdue') ? record.overdueDate : null;
  const nextLabel = enumLabel(t, order, 'status', next);
  if (deadline && Date.parse(deadline) < Date.now()) {
    lines.push(t('orderPage.glance.overdue', { step: nextLabel, date: formatDateTime(deadline) }));
  } else {
    lines.push(
      deadline
        ? t('orderPage.glance.nextBy', { step: nextLabel, date: formatDateTime(deadline) })
        : t('orderPage.glance.next', { step: nextLabel }),
    );
  }
  return lines;
}

/**
 * The top of an order's page (issue 29, "an order read at a glance"): its status as a banner that
 * says where the parcel is and what comes next by when, and the way of its type as a stepper: the
 * statuses it went through with their times, then the ones still ahead when all goes as planned.
 */
export function OrderGlance({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const history = useOrderHistory(record.id);
  const narrow = Grid.useBreakpoint().md === false;
  const type = record.type as OrderType;
  const status = isOrderStatus(record.status) ? record.status : 'CREATED';
  const reached = reachedOf(status, history.data);
  const ahead = plannedWayOf(type, status);
  const tone = ORDER_STATUS_TONES[status];
  const statusLabel = (value: OrderStatus) => enumLabel(t, order, 'status', value);
  const lines = glanceTextOf(t, record, type, status, reached);
  return (
    <section aria-label={t('orderPage.glance.title')} data-testid="order-glance">
      <Alert
        type={ALERT_TYPES[tone]}
        showIcon
        title={
          <Typography.Text strong style={{ fontSize: 16 }} data-testid="order-glance-status">
            {enumLabel(t, order, 'type', type)} <OrderStatusTag status={status} />
          </Typography.Text>
        }
        description={lines.map((line) => <div key={line}>{line}</div>)}
        style={{ marginBottom: 16 }}
      />
      <Steps
        size="small"
        orientation={narrow ? 'vertical' : 'horizontal'}
        current={reached.length - 1}
        status={tone === 'ended' ? 'error' : ahead.length === 0 ? 'finish' : 'process'}
        aria-label={t('orderPage.glance.steps')}
        data-testid="order-glance-steps"
        items={[
          ...reached.map((step) => ({ title: statusLabel(step.status), content: step.at ? formatDateTime(step.at) : undefined })),
          ...ahead.map((step) => ({ title: statusLabel(step) })),
        ]}
      />
    </section>
  );
}
