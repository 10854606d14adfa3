import { DECLARED_ENTITIES } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { formatDateTime } from '../../app/format';
import { RecordHistory } from '../../kit/audit/record-history';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { useCompartmentCommand } from './compartment-command';
import { STATUS_LOOKS, statusOf } from './compartment-look';
import { COMPARTMENT_OFFLINE_NOTE_ID, CompartmentOfflineNote } from './compartment-offline-note';
import { OverdueDate } from './locker-orders';
import './messages';

const compartiment = DECLARED_ENTITIES.compartiment;
const orderEntity = DECLARED_ENTITIES.order;

type InsideOrder = {
  id: string;
  trackingCode: string | null;
  status: string | null;
  customerName: string | null;
  createdAt: string;
  storedAt: string | null;
  overdueDate: string | null;
};
type DoorEvent = { action: string; at: string; outcome: string | null };
type Inside = { order: InsideOrder | null; doorEvents: DoorEvent[] };

const KNOWN_OUTCOMES = new Set(['opened', 'offline', 'unknown', 'jammed', 'failed', 'refused']);

/** A door event in words: the terminal's report, or how an opening from the console went. */
function useDoorEventWords() {
  const { t } = useTranslation();
  return (event: DoorEvent): string => {
    if (event.action !== 'open_compartment') return t(`lockerLive.compartment.event.${event.action}`);
    const outcome = event.outcome ?? 'unknown';
    return KNOWN_OUTCOMES.has(outcome)
      ? t(`lockerLive.compartment.event.${outcome}`)
      : t('lockerLive.compartment.event.other', { outcome });
  };
}

/**
 * What is in the door (GET /compartiment/{id}/inside): the parcel's tracking code (a link to its
 * order), customer, since when and due by when; or that the door is empty, or holds nothing the user
 * may see (another company's parcel in a shared locker: the API never names it).
 */
function ParcelInside({ inside, status }: { inside: Inside; status: string }) {
  const { t } = useTranslation();
  const { order } = inside;
  if (!order) {
    const holds = status === 'OCCUPIED' || status === 'BOOKED';
    return (
      <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="compartment-parcel-none">
        {holds ? t('lockerLive.compartment.hidden') : t('lockerLive.compartment.empty')}
      </Typography.Paragraph>
    );
  }
  return (
    <Descriptions
      column={1}
      size="small"
      data-testid="compartment-parcel"
      items={[
        {
          key: 'tracking',
          label: t('lockerLive.compartment.trackingCode'),
          children: (
            <Link to={`/order/${order.id}`} aria-label={t('lockerLive.compartment.openOrder', { trackingCode: order.trackingCode ?? '' })}>
              {order.trackingCode ?? order.id}
            </Link>
          ),
        },
        { key: 'customer', label: t('lockerLive.compartment.customer'), children: order.customerName ?? '—' },
        {
          key: 'status',
          label: t('lockerLive.compartment.orderStatus'),
          children: order.status ? enumLabel(t, orderEntity, 'status', order.status) : '—',
        },
        order.storedAt
          ? { key: 'since', label: t('lockerLive.compartment.storedSince'), children: formatDateTime(order.storedAt) }
          : { key: 'since', label: t('lockerLive.compartment.bookedSince'), children: formatDateTime(order.createdAt) },
        { key: 'overdue', label: t('lockerLive.compartment.overdueDate'), children: <OverdueDate value={order.overdueDate} /> },
      ]}
    />
  );
}

function DoorEvents({ events }: { events: DoorEvent[] }) {
  const { t } = useTranslation();
  const wordsOf = useDoorEventWords();
  if (!events.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lockerLive.compartment.noDoorEvents')} />;
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="compartment-door-events">
      {events.map((event) => {
        const failed = event.action === 'open_compartment' && event.outcome !== 'opened';
        return (
          <li
            key={`${event.at}-${event.action}`}
            style={{ display: 'flex', gap: 12, padding: '4px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}
            data-testid="compartment-door-event"
          >
            <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(event.at)}</span>
            <Typography.Text type={failed ? 'danger' : undefined}>{wordsOf(event)}</Typography.Text>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A compartment of the locker's face: the parcel in it, its state, open (GET /compartiment/open/{id}),
 * lock and unlock (PUT /compartiment/lock/{id}), each after a confirmation and each with the API's
 * own words for the outcome, the door's last events and, for readers of the audit log, its history.
 * Opening is not offered as if it could work on an offline locker: the button is greyed with the
 * reason beside it before anyone clicks (`lockerOnline` is the page's live status).
 */
export function CompartmentDrawer({
  compartment,
  lockerOnline,
  onClose,
}: {
  compartment: EntityRecord | null;
  lockerOnline: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { busy, confirm } = useCompartmentCommand(compartment);
  const number = compartment?.number;
  const status = statusOf(compartment?.status);
  const doorOpen = compartment?.doorOpen === true;
  const inside = useQuery({
    queryKey: [...entityKeys.all('compartiment'), 'inside', compartment?.id],
    queryFn: () => api.get<Inside>(`/compartiment/${compartment?.id}/inside`),
    enabled: Boolean(compartment),
  });

  return (
    <Drawer
      open={Boolean(compartment)}
      onClose={onClose}
      title={compartment ? t('lockerLive.compartment.title', { number }) : ''}
      size="default"
      destroyOnHidden
      data-testid="compartment-drawer"
    >
      {compartment && (
        <Flex vertical gap={16}>
          <section aria-labelledby="compartment-parcel-title">
            <Typography.Title level={3} id="compartment-parcel-title" style={{ fontSize: 16 }}>
              {t('lockerLive.compartment.parcel')}
            </Typography.Title>
            {inside.data ? <ParcelInside inside={inside.data} status={status} /> : inside.isError ? null : <Spin />}
          </section>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'status',
                label: t('lockerLive.compartment.status'),
                children: (
                  <span data-testid="compartment-status">
                    {STATUS_LOOKS[status].mark} {enumLabel(t, compartiment, 'status', status)}
                  </span>
                ),
              },
              {
                key: 'door',
                label: t('lockerLive.compartment.door'),
                children: (
                  <span data-testid="compartment-door">
                    {doorOpen ? t('lockerLive.compartment.doorOpen') : t('lockerLive.compartment.doorClosed')}
                  </span>
                ),
              },
              ...(compartment.doorChangedAt
                ? [
                    {
                      key: 'changed',
                      label: t('lockerLive.compartment.doorChangedAt'),
                      children: formatDateTime(String(compartment.doorChangedAt)),
                    },
                  ]
                : []),
              { key: 'size', label: t('lockerLive.compartment.size'), children: String(compartment.size ?? '') },
              {
                key: 'wiring',
                label: t('lockerLive.compartment.wiring'),
                children: t('lockerLive.compartment.wiringValue', { board: compartment.boardNumber, channel: compartment.comNumber }),
              },
            ]}
          />
          {can('compartimentOpen') && !lockerOnline && <CompartmentOfflineNote />}
          <Flex wrap gap={8}>
            {can('compartimentOpen') && (
              <Button
                type="primary"
                loading={busy === 'open'}
                disabled={Boolean(busy) || !lockerOnline}
                aria-describedby={lockerOnline ? undefined : COMPARTMENT_OFFLINE_NOTE_ID}
                onClick={() => confirm('open')}
                data-testid="compartment-open"
              >
                {t('lockerLive.compartment.open')}
              </Button>
            )}
            {can('compartimentLock') && status !== 'DAMAGE' && (
              <Button
                danger
                loading={busy === 'lock'}
                disabled={Boolean(busy)}
                onClick={() => confirm('lock')}
                data-testid="compartment-lock"
              >
                {t('lockerLive.compartment.lock')}
              </Button>
            )}
            {can('compartimentLock') && status === 'DAMAGE' && (
              <Button
                loading={busy === 'release'}
                disabled={Boolean(busy)}
                onClick={() => confirm('release')}
                data-testid="compartment-release"
              >
                {t('lockerLive.compartment.release')}
              </Button>
            )}
          </Flex>
          <section aria-labelledby="compartment-door-events-title">
            <Typography.Title level={3} id="compartment-door-events-title" style={{ fontSize: 16 }}>
              {t('lockerLive.compartment.doorEvents')}
            </Typography.Title>
            {inside.data ? <DoorEvents events={inside.data.doorEvents} /> : inside.isError ? null : <Spin />}
          </section>
          {can('auditLogRead') && (
            <section aria-labelledby="compartment-history-title">
              <Typography.Title level={3} id="compartment-history-title" style={{ fontSize: 16 }}>
                {t('lockerLive.compartment.history')}
              </Typography.Title>
              <RecordHistory entityName="compartiment" id={compartment.id} />
            </section>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
