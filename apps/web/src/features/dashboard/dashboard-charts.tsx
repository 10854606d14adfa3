import { theme } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartSpec } from './chart-spec';

/**
 * The dashboard's charts, drawn by Recharts 3. This module is the only one importing Recharts and
 * is loaded on demand by chart-card.tsx (React.lazy), so its weight comes with the dashboard's
 * charts, never with sign-in or a list (e2e/first-screen.test.ts checks it). Axes, grid and
 * tooltip take the theme's tokens; the series' colours come in the spec (chart-spec.ts).
 */

const HEIGHT = 280;

type ChartProps = { spec: ChartSpec; title: string };

export default function DashboardChart({ spec, title }: ChartProps) {
  const { token } = theme.useToken();
  const text = { fill: token.colorTextSecondary, fontSize: token.fontSizeSM };
  const tooltip = {
    contentStyle: {
      background: token.colorBgElevated,
      border: `1px solid ${token.colorBorderSecondary}`,
      borderRadius: token.borderRadius,
      color: token.colorText,
    },
    labelStyle: { color: token.colorTextHeading, fontWeight: token.fontWeightStrong },
    cursor: { fill: token.colorFillTertiary },
    formatter: (value: unknown) => (typeof value === 'number' ? spec.formatValue(value) : String(value ?? '')),
    labelFormatter: (label: unknown) => (spec.formatCategory ? spec.formatCategory(String(label)) : String(label)),
  };
  // In the series' order (stored, collected, expired), not sorted by name.
  const legend = <Legend itemSorter={null} wrapperStyle={{ color: token.colorText, fontSize: token.fontSizeSM }} />;
  const grid = <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />;
  const style = { width: '100%', height: HEIGHT };
  const valueAxisProps = {
    tick: text,
    tickFormatter: (value: number) => spec.formatValue(value),
    stroke: token.colorBorder,
    ...(spec.valueMax !== undefined ? { domain: [0, spec.valueMax] as [number, number] } : {}),
  };
  const categoryAxisProps = {
    dataKey: spec.categoryKey,
    tick: text,
    stroke: token.colorBorder,
    tickFormatter: (value: unknown) => (spec.formatTick ? spec.formatTick(String(value)) : String(value)),
  };

  if (spec.kind === 'lines') {
    return (
      <LineChart data={spec.rows} responsive style={style} title={title} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        {grid}
        <XAxis {...categoryAxisProps} />
        <YAxis {...valueAxisProps} width={56} />
        <Tooltip {...tooltip} />
        {legend}
        {spec.series.map((series) => (
          <Line
            key={series.key}
            type="monotone"
            dataKey={series.key}
            name={series.label}
            stroke={series.color}
            strokeWidth={2}
            dot={{ r: 3, fill: series.color }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  }

  if (spec.horizontal) {
    return (
      <BarChart
        data={spec.rows}
        layout="vertical"
        responsive
        style={{ ...style, height: Math.max(HEIGHT, 48 + spec.rows.length * 36) }}
        title={title}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" {...valueAxisProps} allowDecimals={false} />
        <YAxis type="category" {...categoryAxisProps} width={140} />
        <Tooltip {...tooltip} />
        {legend}
        {spec.series.map((series) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.label}
            fill={series.color}
            stackId={spec.stacked ? 'all' : undefined}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    );
  }

  return (
    <BarChart data={spec.rows} responsive style={style} title={title} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
      {grid}
      <XAxis {...categoryAxisProps} />
      <YAxis {...valueAxisProps} allowDecimals={false} width={56} />
      <Tooltip {...tooltip} />
      {legend}
      {spec.series.map((series) => (
        <Bar
          key={series.key}
          dataKey={series.key}
          name={series.label}
          fill={series.color}
          stackId={spec.stacked ? 'all' : undefined}
          maxBarSize={48}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
