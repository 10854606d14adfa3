import type { DashboardAnswer } from '@ebox/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Skeleton, theme } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { type LiveMessage, useLiveEvents } from '../../app/live-events';
import { PageTitle } from '../../app/page-title';
import { AlertsCard } from './alerts-card';
import { ChartsSection } from './charts-section';
import { type DashboardFilter, dashboardQueryOf, type FilterRights, useDashboardFilter } from './dashboard-filter';
import { SectionHeading } from './dashboard-parts';
import { FailingDoorsCard } from './failing-doors-card';
import { FigureTiles, FigureTilesLoading } from './figure-tiles';
import { FilterBar } from './filter-bar';
import { LockerUse } from './locker-use';
import { LiveSign, NowSection } from './now-section';
import { OccupancyHistoryCard } from './occupancy-history-card';
import { WeekGridCard } from './week-grid-card';
import './messages';

const DASHBOARD_KEY = ['dashboard'] as const;

/**
 * What moves the "now" figures and the alerts: a locker's or compartment's status, an order's move,
 * a door that failed to open; `ready` after a reconnection. A door's ordinary opening and closing
 * (compartiment.doorEvent) moves nothing shown: only its opening without a command does (isRefreshing).
 */
const REFRESHING_EVENTS = new Set<string>([
  'ready',
  'ebox.statusChanged',
  'compartiment.statusChanged',
  'compartiment.openFailed',
  'order.created',
  'order.statusChanged',
]);

function isRefreshing(message: LiveMessage): boolean {
  if (message.name === 'compartiment.doorEvent') return message.payload.event === 'door_opened_without_command';
  return REFRESHING_EVENTS.has(message.name);
}

/** Events arriving together (a bulk move, a locker coming back with its backlog) ask the figures once. */
const REFRESH_DEBOUNCE_MS = 1_000;

function fetchDashboard(filter: DashboardFilter): Promise<DashboardAnswer> {
  return api.get<DashboardAnswer>('/dashboard', dashboardQueryOf(filter));
}

/** Whether the period holds no order at all: its charts and rankings give way to one message. */
function isEmptyPeriod(answer: DashboardAnswer): boolean {
  const { created, stored, collected, expired, canceled } = answer.figures;
  return [created, stored, collected, expired, canceled].every((figure) => !figure.value) && answer.series.every((point) => !point.stored);
}

/**
 * Reads the dashboard again shortly after the push channel says something it shows has changed.
 * One timer: a burst of events is one request, a second after the last one started the wait.
 */
function useLiveRefresh(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((message: LiveMessage) => {
    if (!isRefreshing(message) || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    }, REFRESH_DEBOUNCE_MS);
  });
}

function LoadingCards({ count, height }: { count: number; height: number }) {
  return (
    <Row gutter={[12, 12]} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
        <Col key={index} xs={24} lg={24 / count}>
          <Card size="small" style={{ minHeight: height }}>
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * "/" (orderRead): the home dashboard of issue 28 (GET /dashboard). The open alerts and the failing
 * doors first, then the period's figures with their change, what stands in the lockers now (kept
 * live through the push channel), charts and the lockers' use, each figure linked to the list
 * behind it. The filters live in the address; a load that fails goes to the central error handler.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { can } = useCurrentUser();
  const handleError = useErrorHandler();
  const canFilterEbox = can('filterEbox');
  const canFilterCluster = can('filterCluster');
  const rights: FilterRights = useMemo(() => ({ ebox: canFilterEbox, cluster: canFilterCluster }), [canFilterEbox, canFilterCluster]);
  const [filter, updateFilter] = useDashboardFilter(rights);
  const query = useMemo(() => dashboardQueryOf(filter), [filter]);
  const dashboard = useQuery({
    queryKey: [...DASHBOARD_KEY, query],
    queryFn: () => fetchDashboard(filter),
    // Another filter keeps the figures shown until its own arrive, rather than blanking the page.
    placeholderData: keepPreviousData,
    retry: false,
  });
  useLiveRefresh();
  useEffect(() => {
    if (dashboard.error) handleError(dashboard.error);
  }, [dashboard.error, handleError]);

  const answer = dashboard.data;
  const refreshing = dashboard.isFetching;
  const empty = answer ? isEmptyPeriod(answer) : false;

  return (
    <Flex vertical gap={16} data-testid="dashboard" aria-busy={refreshing}>
      <PageTitle
        title={t('dashboardPage.title')}
        style={{
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: token.fontWeightStrong,
        }}
      />
      <FilterBar filter={filter} rights={rights} onChange={updateFilter} answer={answer} refreshing={refreshing} />

      {/* First after the filters: the alerts and failing doors are what an operator acts on first. */}
      <section aria-labelledby="dashboard-attention-title">
        <SectionHeading id="dashboard-attention-title">{t('dashboardPage.sections.attention')}</SectionHeading>
        {answer ? (
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={14}>
              <AlertsCard alerts={answer.alerts} timeZone={answer.timeZone} />
            </Col>
            <Col xs={24} xl={10}>
              <FailingDoorsCard doors={answer.doors} timeZone={answer.timeZone} />
            </Col>
          </Row>
        ) : (
          <LoadingCards count={2} height={220} />
        )}
      </section>

      <section aria-labelledby="dashboard-period-title">
        <SectionHeading id="dashboard-period-title">{t('dashboardPage.sections.period')}</SectionHeading>
        {answer ? <FigureTiles answer={answer} filter={filter} /> : <FigureTilesLoading />}
      </section>

      <section aria-labelledby="dashboard-now-title">
        <SectionHeading id="dashboard-now-title" extra={<LiveSign />}>
          {t('dashboardPage.sections.now')}
        </SectionHeading>
        {answer ? <NowSection answer={answer} filter={filter} /> : <LoadingCards count={3} height={220} />}
      </section>

      <section aria-labelledby="dashboard-charts-title">
        <SectionHeading id="dashboard-charts-title">{t('dashboardPage.sections.charts')}</SectionHeading>
        {!answer ? (
          <LoadingCards count={2} height={320} />
        ) : (
          <Flex vertical gap={12}>
            {empty ? (
              <Card size="small" data-testid="dashboard-empty">
                <Empty description={t('dashboardPage.empty.title')}>{t('dashboardPage.empty.text')}</Empty>
              </Card>
            ) : (
              <ChartsSection answer={answer} />
            )}
            {/* Even without orders: the free compartments were still sampled. */}
            <OccupancyHistoryCard answer={answer} />
            <WeekGridCard weekGrid={answer.weekGrid} timeZone={answer.timeZone} />
          </Flex>
        )}
      </section>

      {answer && !empty && (
        <section aria-labelledby="dashboard-lockers-title">
          <SectionHeading id="dashboard-lockers-title">{t('dashboardPage.sections.lockers')}</SectionHeading>
          <LockerUse lockers={answer.lockers} />
        </section>
      )}
    </Flex>
  );
}
