import type { DashboardAnswer } from '@ebox/domain';
import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from './chart-card';
import { type ChartSpec, seriesColorsOf } from './chart-spec';
import { formatInZone, formatSeriesDate, formatSeriesTick } from './dashboard-format';

/**
 * Occupancy over time (docs/dashboard.md): the counted lockers' occupancy rate per hour (on the
 * network's clock) for a day, per day for longer periods, as a line. Drawn even in a period without
 * orders: the compartments were still sampled.
 */
export function OccupancyHistoryCard({ answer }: { answer: DashboardAnswer }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const spec = useMemo((): ChartSpec => {
    const history = answer.occupancyHistory;
    const hourly = history.step === 'hour';
    const percent = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR', { style: 'percent', maximumFractionDigits: 1 });
    const [color] = seriesColorsOf(token, [token.colorPrimary]);
    return {
      kind: 'lines',
      rows: history.points.map((point) => ({ at: point.at, rate: point.rate })),
      categoryKey: 'at',
      categoryLabel: t(hourly ? 'dashboardPage.charts.hour' : 'dashboardPage.charts.day'),
      formatTick: (at) => (hourly ? formatInZone(at, answer.timeZone).slice(11) : formatSeriesTick(at, 'day')),
      formatCategory: (at) => (hourly ? formatInZone(at, answer.timeZone) : formatSeriesDate(at, 'day')),
      series: [{ key: 'rate', label: t('dashboardPage.charts.occupancyRate'), color: color ?? token.colorPrimary }],
      formatValue: (value) => percent.format(value),
      valueMax: 1,
    };
  }, [answer, token, t, i18n.language]);
  return <ChartCard title={t('dashboardPage.charts.occupancy')} spec={spec} testId="chart-occupancy" zeroIsData />;
}
