import { AGE_BUCKETS, type CompartimentStatus, type DashboardAnswer, type DashboardOccupancy } from '@ebox/domain';
import { Badge, Card, Col, Empty, Flex, Row, Statistic, Table, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveConnected } from '../../app/live-events';
import { AvailabilityCard } from './availability-card';
import type { DashboardFilter } from './dashboard-filter';
import { formatCount, formatDuration, formatInZone, formatRate } from './dashboard-format';
import { clusterPath, compartmentListLinkOf, lockerPath, offlineLockersLinkOf, orderPath } from './dashboard-links';
import { CardHeading, NoValue, ScrollBox, ShareBar } from './dashboard-parts';
import { FullLockersCard } from './full-lockers-card';

type Now = DashboardAnswer['now'];

/** Occupancy at or above this is the alert level: the gauge turns to the error colour. */
const FULL_RATE = 0.9;

/** The compartment counts of an occupancy, each with the status the compartment list filters by. */
const COUNTS: { key: keyof Omit<DashboardOccupancy, 'rate' | 'enabled'>; status: CompartimentStatus }[] = [
  { key: 'occupied', status: 'OCCUPIED' },
  { key: 'booked', status: 'BOOKED' },
  { key: 'available', status: 'AVAILABLE' },
  { key: 'damaged', status: 'DAMAGE' },
  { key: 'dirty', status: 'DIRTY' },
];

/** A link inside running text: underlined, so it does not rely on its colour alone (WCAG 1.4.1). */
const UNDERLINED = { textDecoration: 'underline' } as const;

/** Seconds from `from` to `to` (both ISO), never negative. */
function secondsBetween(from: string, to: string): number {
  return Math.max(0, (new Date(to).getTime() - new Date(from).getTime()) / 1000);
}

/** Whether the push channel is up: "live", or "reconnecting" while it is down. */
export function LiveSign() {
  const { t } = useTranslation();
  const [connected, setConnected] = useState(false);
  useLiveConnected(setConnected);
  return (
    <Badge
      status={connected ? 'processing' : 'default'}
      text={
        <Typography.Text type="secondary">{t(connected ? 'dashboardPage.now.live' : 'dashboardPage.now.reconnecting')}</Typography.Text>
      }
      data-testid="dashboard-live"
    />
  );
}

function OccupancyCard({ occupancy, filter }: { occupancy: DashboardOccupancy; filter: DashboardFilter }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const rate = occupancy.rate;
  return (
    <Card
      size="small"
      title={<CardHeading>{t('dashboardPage.now.occupancy')}</CardHeading>}
      data-testid="now-occupancy"
      style={{ height: '100%' }}
    >
      <Flex gap={24} align="center" wrap>
        <Flex vertical gap={4}>
          {rate === null ? (
            <Statistic
              title={t('dashboardPage.now.occupancyRate')}
              value={0}
              formatter={() => <NoValue why={t('dashboardPage.now.noCompartments')} />}
            />
          ) : (
            <div style={{ width: 160 }} data-testid="now-occupancy-rate">
              <Statistic
                title={t('dashboardPage.now.occupancyRate')}
                value={0}
                formatter={() => formatRate(rate, i18n.language)}
                styles={{ content: rate >= FULL_RATE ? { color: token.colorErrorText } : undefined }}
              />
              <ShareBar share={rate} height={10} color={rate >= FULL_RATE ? token.colorError : token.colorPrimary} />
            </div>
          )}
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, maxWidth: 160 }}>
            {t('dashboardPage.now.occupancyHint')}
          </Typography.Text>
        </Flex>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 16, rowGap: 4, flex: 1, minWidth: 160 }}>
          {COUNTS.map(({ key, status }) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>
                <CompartmentsLink to={compartmentListLinkOf(status, filter)} testId={`now-${key}`}>
                  {t(`dashboardPage.now.${key}`)}
                </CompartmentsLink>
              </dt>
              <dd style={{ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(occupancy[key], i18n.language)}
              </dd>
            </div>
          ))}
          <div style={{ display: 'contents' }}>
            <dt>
              <Typography.Text type="secondary">{t('dashboardPage.now.enabled')}</Typography.Text>
            </dt>
            <dd style={{ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(occupancy.enabled, i18n.language)}
            </dd>
          </div>
        </dl>
      </Flex>
    </Card>
  );
}

function LockersCard({ now, asOf, timeZone, filter }: { now: Now; asOf: string; timeZone: string; filter: DashboardFilter }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { online, offline, offlineList } = now.lockers;
  return (
    <Card
      size="small"
      title={<CardHeading>{t('dashboardPage.now.lockers')}</CardHeading>}
      data-testid="now-lockers"
      style={{ height: '100%' }}
    >
      <Flex gap={32}>
        <Statistic
          title={t('dashboardPage.now.online')}
          value={online}
          formatter={() => formatCount(online, i18n.language)}
          styles={{ content: { color: token.colorSuccessText } }}
        />
        <Statistic
          title={
            <Link to={offlineLockersLinkOf(filter)} data-testid="now-offline-link">
              {t('dashboardPage.now.offline')}
              <span className="visually-hidden"> ({t('dashboardPage.links.offline')})</span>
            </Link>
          }
          value={offline}
          formatter={() => formatCount(offline, i18n.language)}
          styles={offline ? { content: { color: token.colorErrorText } } : undefined}
        />
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12 }}>
        {t('dashboardPage.now.offlineList')}
      </Typography.Text>
      {offlineList.length ? (
        <ol style={{ margin: '4px 0 0', paddingInlineStart: 20 }} data-testid="now-offline-list">
          {offlineList.map((locker) => (
            <li key={locker.id}>
              <Link to={lockerPath(locker.id)} style={UNDERLINED}>
                {locker.name}
              </Link>
              {locker.code ? ` (${locker.code})` : ''}
              {' · '}
              <Typography.Text type="secondary">
                {locker.lastHeartBeat ? (
                  <span title={t('dashboardPage.now.lastHeard', { when: formatInZone(locker.lastHeartBeat, timeZone) })}>
                    {t('dashboardPage.now.silentFor', { duration: formatDuration(secondsBetween(locker.lastHeartBeat, asOf), t) })}
                  </span>
                ) : (
                  t('dashboardPage.now.never')
                )}
              </Typography.Text>
            </li>
          ))}
        </ol>
      ) : (
        <div>{t('dashboardPage.now.allOnline')}</div>
      )}
    </Card>
  );
}

function ParcelsCard({ now }: { now: Now }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const counts = new Map(now.aged.map((bucket) => [bucket.bucket, bucket.count]));
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  return (
    <Card
      size="small"
      title={<CardHeading>{t('dashboardPage.now.parcels')}</CardHeading>}
      data-testid="now-parcels"
      style={{ height: '100%' }}
    >
      <Statistic value={total} formatter={() => formatCount(total, i18n.language)} />
      <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0 4px' }}>
        {t('dashboardPage.now.byAge')}
      </Typography.Text>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr auto', columnGap: 12, rowGap: 6, alignItems: 'center' }}>
        {AGE_BUCKETS.map((bucket, index) => {
          const count = counts.get(bucket) ?? 0;
          // The oldest bucket is what an operator acts on first: drawn in the warning colour.
          const old = index === AGE_BUCKETS.length - 1;
          return (
            <div key={bucket} style={{ display: 'contents' }} data-testid={`now-age-${bucket}`}>
              <dt>{t(`dashboardPage.now.ageBuckets.${bucket}`)}</dt>
              <dd style={{ margin: 0 }} aria-hidden="true">
                <ShareBar share={total ? count / total : 0} color={old && count ? token.colorWarning : token.colorPrimary} />
              </dd>
              <dd style={{ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: old && count ? 600 : undefined }}>
                {formatCount(count, i18n.language)}
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
}

function occupancyColumns(t: TFunction, language: string) {
  const count = (key: keyof DashboardOccupancy, label: string) => ({
    key,
    dataIndex: key,
    title: label,
    align: 'right' as const,
    render: (value: number) => formatCount(value, language),
  });
  return [
    count('enabled', t('dashboardPage.now.enabled')),
    count('occupied', t('dashboardPage.now.occupied')),
    count('booked', t('dashboardPage.now.booked')),
    count('available', t('dashboardPage.now.available')),
    count('damaged', t('dashboardPage.now.damaged')),
    count('dirty', t('dashboardPage.now.dirty')),
    {
      key: 'rate',
      dataIndex: 'rate',
      title: t('dashboardPage.now.rate'),
      align: 'right' as const,
      render: (rate: number | null) => (rate === null ? '—' : formatRate(rate, language)),
    },
  ];
}

function OldestParcels({ now, asOf, timeZone }: { now: Now; asOf: string; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={<CardHeading>{t('dashboardPage.now.oldest')}</CardHeading>} data-testid="now-oldest">
      <ScrollBox label={t('dashboardPage.now.oldest')}>
        <Table
          size="small"
          rowKey="id"
          dataSource={now.oldest}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboardPage.now.noParcels')} /> }}
          columns={[
            {
              key: 'trackingCode',
              title: t('dashboardPage.now.trackingCode'),
              render: (_: unknown, parcel: Now['oldest'][number]) => <Link to={orderPath(parcel.id)}>{parcel.trackingCode}</Link>,
            },
            {
              key: 'ebox',
              title: t('dashboardPage.now.locker'),
              render: (_: unknown, parcel: Now['oldest'][number]) =>
                parcel.ebox ? <Link to={lockerPath(parcel.ebox.id)}>{parcel.ebox.name}</Link> : '—',
            },
            {
              key: 'status',
              dataIndex: 'status',
              title: t('dashboardPage.now.status'),
              render: (status: string) => t(`entities.order.enumerators.status.${status}`, { defaultValue: status }),
            },
            {
              key: 'storedAt',
              dataIndex: 'storedAt',
              title: t('dashboardPage.now.storedAt'),
              render: (storedAt: string) => formatInZone(storedAt, timeZone),
            },
            {
              key: 'waiting',
              title: t('dashboardPage.now.waiting'),
              align: 'right' as const,
              render: (_: unknown, parcel: Now['oldest'][number]) => formatDuration(secondsBetween(parcel.storedAt, asOf), t),
            },
          ]}
        />
      </ScrollBox>
    </Card>
  );
}

/** "Now": compartments, lockers and parcels as they stand, kept live by the page (dashboard-page.tsx). */
export function NowSection({ answer, filter }: { answer: DashboardAnswer; filter: DashboardFilter }) {
  const { t, i18n } = useTranslation();
  const { now, asOf, timeZone } = answer;
  const columns = occupancyColumns(t, i18n.language);
  return (
    <Flex vertical gap={12}>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={8}>
          <OccupancyCard occupancy={now.occupancy} filter={filter} />
        </Col>
        <Col xs={24} md={12} lg={8}>
          <LockersCard now={now} asOf={asOf} timeZone={timeZone} filter={filter} />
        </Col>
        <Col xs={24} md={12} lg={8}>
          <ParcelsCard now={now} />
        </Col>
      </Row>
      {/*
        Under the lockers' online and offline counts: who is down now, then who was down most in the
        period, and beside it who turned bookings away for want of a free compartment.
      */}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <AvailabilityCard availability={answer.availability} />
        </Col>
        <Col xs={24} xl={12}>
          <FullLockersCard fullLockers={answer.fullLockers} />
        </Col>
      </Row>
      <OldestParcels now={now} asOf={asOf} timeZone={timeZone} />
      <Row gutter={[12, 12]}>
        <Col xs={24} xxl={12}>
          <Card size="small" title={<CardHeading>{t('dashboardPage.now.bySize')}</CardHeading>} data-testid="now-by-size">
            <ScrollBox label={t('dashboardPage.now.bySize')}>
              <Table
                size="small"
                rowKey="size"
                dataSource={now.bySize}
                pagination={false}
                columns={[{ key: 'size', dataIndex: 'size', title: t('dashboardPage.now.size') }, ...columns]}
              />
            </ScrollBox>
          </Card>
        </Col>
        <Col xs={24} xxl={12}>
          <Card size="small" title={<CardHeading>{t('dashboardPage.now.byCluster')}</CardHeading>} data-testid="now-by-cluster">
            <ScrollBox label={t('dashboardPage.now.byCluster')}>
              <Table
                size="small"
                rowKey="id"
                dataSource={now.byCluster}
                pagination={now.byCluster.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                columns={[
                  {
                    key: 'name',
                    title: t('dashboardPage.now.cluster'),
                    render: (_: unknown, cluster: Now['byCluster'][number]) => <Link to={clusterPath(cluster.id)}>{cluster.name}</Link>,
                  },
                  ...columns,
                ]}
              />
            </ScrollBox>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

/** A count's name, linked to where its compartments are seen when there is such a page. */
function CompartmentsLink({ to, testId, children }: { to: string | null; testId: string; children: ReactNode }) {
  return to ? (
    <Link to={to} data-testid={testId}>
      {children}
    </Link>
  ) : (
    <span data-testid={testId}>{children}</span>
  );
}
