import type { DashboardAnswer } from '@ebox/domain';
import { Col, Row, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from './chart-card';
import { type ChartSpec, seriesColorsOf } from './chart-spec';
import { formatCount, formatSeriesDate, formatSeriesTick, hoursOf } from './dashboard-format';

type Counts = { stored: number; collected: number; expired: number };

/**
 * The period's charts as specs (chart-spec.ts): stored / collected / expired per day (or month) as
 * stacked bars, dwell p50 and p95 as lines, and the same counts per order type and per carrier.
 */
export function ChartsSection({ answer }: { answer: DashboardAnswer }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const specs = useMemo(() => {
    const language = i18n.language;
    const [storedColor, collectedColor, expiredColor] = seriesColorsOf(token, [token.colorPrimary, token.colorSuccess, token.colorError]);
    const [p50Color, p95Color] = seriesColorsOf(token, [token.colorPrimary, token.colorWarning]);
    const countSeries = [
      { key: 'stored', label: t('dashboardPage.figures.stored'), color: storedColor ?? token.colorPrimary },
      { key: 'collected', label: t('dashboardPage.figures.collected'), color: collectedColor ?? token.colorSuccess },
      { key: 'expired', label: t('dashboardPage.figures.expired'), color: expiredColor ?? token.colorError },
    ];
    const count = (value: number) => formatCount(value, language);
    const countsOf = (row: Counts) => ({ stored: row.stored, collected: row.collected, expired: row.expired });
    const hours = (value: number) =>
      new Intl.NumberFormat(language === 'en' ? 'en-US' : 'pt-BR', { maximumFractionDigits: 1 }).format(value);
    const step = answer.step;
    const stepLabel = t(step === 'month' ? 'dashboardPage.charts.month' : 'dashboardPage.charts.day');
    const daily: ChartSpec = {
      kind: 'bars',
      stacked: true,
      rows: answer.series.map((point) => ({ at: point.at, ...countsOf(point) })),
      categoryKey: 'at',
      categoryLabel: stepLabel,
      formatTick: (at) => formatSeriesTick(at, step),
      formatCategory: (at) => formatSeriesDate(at, step),
      series: countSeries,
      formatValue: count,
    };
    const dwell: ChartSpec = {
      kind: 'lines',
      rows: answer.series.map((point) => ({ at: point.at, dwellP50: hoursOf(point.dwellP50), dwellP95: hoursOf(point.dwellP95) })),
      categoryKey: 'at',
      categoryLabel: stepLabel,
      formatTick: (at) => formatSeriesTick(at, step),
      formatCategory: (at) => formatSeriesDate(at, step),
      series: [
        { key: 'dwellP50', label: t('dashboardPage.figures.dwellP50'), color: p50Color ?? token.colorPrimary },
        { key: 'dwellP95', label: t('dashboardPage.figures.dwellP95'), color: p95Color ?? token.colorWarning },
      ],
      formatValue: (value) => t('dashboardPage.duration.hours', { n: hours(value) }),
    };
    const byType: ChartSpec = {
      kind: 'bars',
      rows: answer.byType.map((row) => ({ type: row.type, ...countsOf(row) })),
      categoryKey: 'type',
      categoryLabel: t('dashboardPage.charts.type'),
      formatTick: (type) => t(`entities.order.enumerators.type.${type}`, { defaultValue: type }),
      formatCategory: (type) => t(`entities.order.enumerators.type.${type}`, { defaultValue: type }),
      series: countSeries,
      formatValue: count,
    };
    const noCarrier = t('dashboardPage.charts.noCarrier');
    const byCarrier: ChartSpec = {
      kind: 'bars',
      horizontal: true,
      rows: answer.byCarrier.map((row) => ({ carrier: row.name ?? noCarrier, ...countsOf(row) })),
      categoryKey: 'carrier',
      categoryLabel: t('dashboardPage.charts.carrier'),
      series: countSeries,
      formatValue: count,
    };
    // Carriers with parcels stored after an inbound in the period: the share within their promise.
    const [slaColor, slaP95Color] = seriesColorsOf(token, [token.colorSuccess, token.colorWarning]);
    const percent = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'pt-BR', { style: 'percent', maximumFractionDigits: 1 });
    const measured = answer.byCarrier.filter((row) => row.storedInTime !== null);
    const sla: ChartSpec = {
      kind: 'bars',
      horizontal: true,
      rows: measured.map((row) => ({ carrier: row.name ?? noCarrier, storedInTime: row.storedInTime })),
      categoryKey: 'carrier',
      categoryLabel: t('dashboardPage.charts.carrier'),
      series: [{ key: 'storedInTime', label: t('dashboardPage.charts.storedInTime'), color: slaColor ?? token.colorSuccess }],
      formatValue: (value) => percent.format(value),
      valueMax: 1,
    };
    const slaP95: ChartSpec = {
      kind: 'bars',
      horizontal: true,
      rows: measured.map((row) => ({ carrier: row.name ?? noCarrier, inboundP95: hoursOf(row.inboundToStoredP95) })),
      categoryKey: 'carrier',
      categoryLabel: t('dashboardPage.charts.carrier'),
      series: [{ key: 'inboundP95', label: t('dashboardPage.charts.inboundP95'), color: slaP95Color ?? token.colorWarning }],
      formatValue: (value) => t('dashboardPage.duration.hours', { n: hours(value) }),
    };
    const promiseHours = answer.byCarrier[0]?.promiseHours ?? 48;
    // The customers' messages per channel (their triggers summed): sent, delivered, failed.
    const channels = new Map<string, { channel: string; sent: number; delivered: number; failed: number }>();
    for (const row of answer.messages) {
      const sum = channels.get(row.channel) ?? { channel: row.channel, sent: 0, delivered: 0, failed: 0 };
      sum.sent += row.sent;
      sum.delivered += row.delivered;
      sum.failed += row.failed;
      channels.set(row.channel, sum);
    }
    const status = (name: string) => t(`entities.orderMessage.enumerators.status.${name}`);
    const channelName = (channel: string) => t(`entities.orderMessage.enumerators.channel.${channel}`, { defaultValue: channel });
    const messages: ChartSpec = {
      kind: 'bars',
      rows: [...channels.values()],
      categoryKey: 'channel',
      categoryLabel: t('dashboardPage.charts.channel'),
      formatTick: channelName,
      formatCategory: channelName,
      series: [
        { key: 'sent', label: status('sent'), color: storedColor ?? token.colorPrimary },
        { key: 'delivered', label: status('delivered'), color: collectedColor ?? token.colorSuccess },
        { key: 'failed', label: status('failed'), color: expiredColor ?? token.colorError },
      ],
      formatValue: count,
    };
    return { daily, dwell, byType, byCarrier, sla, slaP95, promiseHours, messages };
  }, [answer, token, t, i18n.language]);

  const monthly = answer.step === 'month';
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t(monthly ? 'dashboardPage.charts.monthly' : 'dashboardPage.charts.daily')}
          spec={specs.daily}
          testId="chart-daily"
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t(monthly ? 'dashboardPage.charts.dwellMonthly' : 'dashboardPage.charts.dwell')}
          spec={specs.dwell}
          testId="chart-dwell"
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('dashboardPage.charts.byType')} spec={specs.byType} testId="chart-by-type" />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('dashboardPage.charts.byCarrier')} spec={specs.byCarrier} testId="chart-by-carrier" />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('dashboardPage.charts.sla', { hours: specs.promiseHours })} spec={specs.sla} testId="chart-sla" />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('dashboardPage.charts.inboundP95')} spec={specs.slaP95} testId="chart-sla-p95" />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('dashboardPage.charts.messages')} spec={specs.messages} testId="chart-messages" />
      </Col>
    </Row>
  );
}
