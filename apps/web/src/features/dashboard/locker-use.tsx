import type { DashboardLockerUse } from '@ebox/domain';
import { Card, Col, Empty, Row, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatRate } from './dashboard-format';
import { lockerPath } from './dashboard-links';
import { CardHeading, ScrollBox } from './dashboard-parts';

/** Under this utilization a locker is marked: near it parcel lockers stop paying for themselves (issue 28, figure 2). */
const LOW_UTILIZATION = 0.5;

function LockerTable({ title, rows, testId }: { title: string; rows: DashboardLockerUse[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const count = (key: 'compartments' | 'deposits' | 'pickups' | 'expiries') => ({
    key,
    dataIndex: key,
    title: t(`dashboardPage.lockers.${key}`),
    align: 'right' as const,
    render: (value: number) => formatCount(value, i18n.language),
  });
  return (
    <Card size="small" title={<CardHeading>{title}</CardHeading>} data-testid={testId} style={{ height: '100%' }}>
      <ScrollBox label={title}>
        <Table<DashboardLockerUse>
          size="small"
          rowKey="id"
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboardPage.lockers.none')} /> }}
          columns={[
            {
              key: 'name',
              title: t('dashboardPage.lockers.name'),
              render: (_: unknown, locker) => (
                <Link to={lockerPath(locker.id)}>
                  {locker.name}
                  {locker.code ? ` (${locker.code})` : ''}
                </Link>
              ),
            },
            count('compartments'),
            count('deposits'),
            count('pickups'),
            count('expiries'),
            {
              key: 'utilization',
              title: (
                <Tooltip title={t('dashboardPage.lockers.utilizationHint')}>
                  <span>{t('dashboardPage.lockers.utilization')}</span>
                </Tooltip>
              ),
              align: 'right' as const,
              render: (_: unknown, locker) =>
                locker.utilization === null ? (
                  '—'
                ) : (
                  <span style={{ whiteSpace: 'nowrap' }}>
                    {locker.utilization < LOW_UTILIZATION && (
                      <Tag color="warning" style={{ marginInlineEnd: 6 }} data-testid="low-use">
                        {t('dashboardPage.lockers.lowUse')}
                      </Tag>
                    )}
                    {formatRate(locker.utilization, i18n.language)}
                  </span>
                ),
            },
          ]}
        />
      </ScrollBox>
    </Card>
  );
}

/** The period's most and least used lockers, each linked to its page. */
export function LockerUse({ lockers }: { lockers: { mostUsed: DashboardLockerUse[]; leastUsed: DashboardLockerUse[] } }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xxl={12}>
        <LockerTable title={t('dashboardPage.lockers.mostUsed')} rows={lockers.mostUsed} testId="lockers-most-used" />
      </Col>
      <Col xs={24} xxl={12}>
        <LockerTable title={t('dashboardPage.lockers.leastUsed')} rows={lockers.leastUsed} testId="lockers-least-used" />
      </Col>
    </Row>
  );
}
