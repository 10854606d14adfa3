import { DASHBOARD_PERIODS, type DashboardAnswer, type RelationRef } from '@ebox/domain';
import { Card, Col, Form, Row, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelationSelect } from '../../kit/fields/relation-select';
import type { DashboardFilter, FilterRights } from './dashboard-filter';
import { formatInZone } from './dashboard-format';

type FilterBarProps = {
  filter: DashboardFilter;
  rights: FilterRights;
  onChange: (patch: Partial<DashboardFilter>) => void;
  /** The answer shown (its bounds and zone), absent while the first one loads. */
  answer?: DashboardAnswer;
  refreshing: boolean;
};

/** A single relation as the picker hands it back (a multiple pick never happens here). */
function single(value: RelationRef | RelationRef[] | null): RelationRef | undefined {
  return Array.isArray(value) ? value[0] : (value ?? undefined);
}

/**
 * The dashboard's filters: the period, the company (the companies the user may see, by the same
 * autocomplete the lists' company filter uses) and, for users with filterEbox / filterCluster, a
 * locker and a cluster. Under them, what the figures cover: the period's bounds and the previous
 * period's on the network's clock, the zone, and when the figures were read.
 */
export function FilterBar({ filter, rights, onChange, answer, refreshing }: FilterBarProps) {
  const { t } = useTranslation();
  const item = { style: { marginBottom: 8 } };
  const span = { xs: 24, sm: 12, lg: 6 };
  return (
    <Card size="small" data-testid="dashboard-filters">
      <Form layout="vertical" aria-label={t('dashboardPage.filters.label')}>
        <Row gutter={12}>
          <Col {...span}>
            <Form.Item label={t('dashboardPage.filters.period')} htmlFor="dashboard-period" {...item}>
              <Select
                id="dashboard-period"
                value={filter.period}
                onChange={(period) => onChange({ period })}
                options={DASHBOARD_PERIODS.map((period) => ({ value: period, label: t(`dashboardPage.periods.${period}`) }))}
                data-testid="dashboard-period"
              />
            </Form.Item>
          </Col>
          <Col {...span}>
            <Form.Item label={t('dashboardPage.filters.company')} htmlFor="dashboard-company" {...item}>
              <RelationSelect
                id="dashboard-company"
                target="company"
                value={filter.company ?? null}
                // A locker or cluster of another company would narrow the figures to nothing.
                onChange={(value) => onChange({ company: single(value), ebox: undefined, cluster: undefined })}
                placeholder={t('dashboardPage.filters.allCompanies')}
              />
            </Form.Item>
          </Col>
          {rights.ebox && (
            <Col {...span}>
              <Form.Item label={t('dashboardPage.filters.ebox')} htmlFor="dashboard-ebox" {...item}>
                <RelationSelect
                  id="dashboard-ebox"
                  target="ebox"
                  value={filter.ebox ?? null}
                  filter={filter.company ? { company: filter.company.id } : undefined}
                  onChange={(value) => onChange({ ebox: single(value) })}
                  placeholder={t('dashboardPage.filters.allLockers')}
                />
              </Form.Item>
            </Col>
          )}
          {rights.cluster && (
            <Col {...span}>
              <Form.Item label={t('dashboardPage.filters.cluster')} htmlFor="dashboard-cluster" {...item}>
                <RelationSelect
                  id="dashboard-cluster"
                  target="cluster"
                  value={filter.cluster ?? null}
                  onChange={(value) => onChange({ cluster: single(value) })}
                  placeholder={t('dashboardPage.filters.allClusters')}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
      <Typography.Text type="secondary" data-testid="dashboard-bounds">
        {answer ? (
          <Space size={4} wrap split="·">
            <span>
              {t('dashboardPage.bounds.period', {
                from: formatInZone(answer.from, answer.timeZone),
                to: formatInZone(answer.to, answer.timeZone),
              })}
            </span>
            <span>
              {t('dashboardPage.bounds.previous', {
                from: formatInZone(answer.previous.from, answer.timeZone),
                to: formatInZone(answer.previous.to, answer.timeZone),
              })}
            </span>
            <span>{t('dashboardPage.bounds.timeZone', { zone: answer.timeZone })}</span>
            <span data-testid="dashboard-as-of">
              {refreshing
                ? t('dashboardPage.bounds.refreshing')
                : t('dashboardPage.bounds.asOf', { when: formatInZone(answer.asOf, answer.timeZone) })}
            </span>
          </Space>
        ) : (
          '\u00a0'
        )}
      </Typography.Text>
    </Card>
  );
}
