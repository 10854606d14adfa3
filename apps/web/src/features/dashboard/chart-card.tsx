import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Table } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartRow, ChartSpec } from './chart-spec';
import { CardHeading, ScrollBox } from './dashboard-parts';

/** Recharts and the charts drawn with it: a chunk of their own, fetched when the first chart shows. */
const DashboardChart = lazy(() => import('./dashboard-charts'));

/** The same figures as the chart, as a table a screen reader or a keyboard reads row by row. */
function ChartTable({ spec, title }: { spec: ChartSpec; title: string }) {
  const columns = [
    {
      key: spec.categoryKey,
      dataIndex: spec.categoryKey,
      title: spec.categoryLabel,
      render: (value: string) => (spec.formatCategory ? spec.formatCategory(String(value)) : value),
    },
    ...spec.series.map((series) => ({
      key: series.key,
      dataIndex: series.key,
      title: series.label,
      align: 'right' as const,
      render: (value: number | null) => (value === null || value === undefined ? '—' : spec.formatValue(value)),
    })),
  ];
  return (
    <ScrollBox label={title}>
      <Table<ChartRow>
        size="small"
        rowKey={(row) => String(row[spec.categoryKey])}
        columns={columns}
        dataSource={spec.rows}
        pagination={spec.rows.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
      />
    </ScrollBox>
  );
}

/**
 * A chart in a card, with "show as table" (issue 28): the toggle is a pressed/unpressed button,
 * so a keyboard reaches it and a screen reader says which view is on. The table needs no chart
 * code: it shows even before (or without) the chart's chunk.
 */
export function ChartCard({
  title,
  spec,
  testId,
  zeroIsData = false,
}: {
  title: string;
  spec: ChartSpec;
  testId: string;
  /** A measured 0 is drawn (an empty locker's 0 % occupancy); otherwise zeros alone are nothing to draw. */
  zeroIsData?: boolean;
}) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  // A period with rows but nothing in them (no pickup, so no dwell time) has nothing to draw either.
  const drawn = (value: unknown) => value !== null && value !== undefined && (zeroIsData || Number(value) !== 0);
  const empty = !spec.rows.some((row) => spec.series.some((series) => drawn(row[series.key])));
  return (
    <Card
      size="small"
      data-testid={testId}
      title={<CardHeading>{title}</CardHeading>}
      extra={
        !empty && (
          <Button
            size="small"
            type="text"
            icon={asTable ? <BarChartOutlined /> : <TableOutlined />}
            aria-pressed={asTable}
            onClick={() => setAsTable((current) => !current)}
            data-testid={`${testId}-toggle`}
          >
            {asTable ? t('dashboardPage.charts.showChart') : t('dashboardPage.charts.showTable')}
          </Button>
        )
      }
      styles={{ body: { minHeight: 200 } }}
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboardPage.charts.nothing')} />
      ) : asTable ? (
        <ChartTable spec={spec} title={title} />
      ) : (
        <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 6 }} aria-label={t('dashboardPage.charts.loading')} />}>
          <DashboardChart spec={spec} title={title} />
        </Suspense>
      )}
    </Card>
  );
}
