import type { GlobalToken } from 'antd';
import { composite, darkenToContrast, UI_CONTRAST } from '../../app/contrast';

/**
 * One chart as data: its rows, the column the categories come from and its series. The chart
 * (dashboard-charts.tsx, Recharts, loaded on demand) and its "show as table" (chart-card.tsx, an
 * antd Table in the dashboard's own chunk) draw the same spec, so the table is never a second,
 * drifting copy of the figures.
 */

export type ChartRow = Record<string, string | number | null>;

export type ChartSeries = {
  key: string;
  label: string;
  color: string;
};

export type ChartSpec = {
  kind: 'bars' | 'lines';
  /** Bars of a row stacked into one (stored + collected + expired per day). */
  stacked?: boolean;
  /** Bars along the vertical axis, categories down the side (long names: carriers). */
  horizontal?: boolean;
  rows: ChartRow[];
  /** The row's field holding the category (the day, the type, the carrier). */
  categoryKey: string;
  categoryLabel: string;
  /** The category as the axis writes it (short) and as the table and tooltip write it (whole). */
  formatTick?: (value: string) => string;
  formatCategory?: (value: string) => string;
  series: ChartSeries[];
  formatValue: (value: number) => string;
  /** The value axis's top when the values have one (a share: 1), rather than the largest value's. */
  valueMax?: number;
};

/** Hue in degrees of a colour, or null for a grey (no hue to tell apart). */
function hueOf(color: string): number | null {
  const { r, g, b } = composite(color);
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const delta = max - Math.min(R, G, B);
  if (delta < 0.08) return null;
  const hue = max === R ? ((G - B) / delta) % 6 : max === G ? (B - R) / delta + 2 : (R - G) / delta + 4;
  return (hue * 60 + 360) % 360;
}

function hueDistance(a: number, b: number): number {
  const distance = Math.abs(a - b) % 360;
  return distance > 180 ? 360 - distance : distance;
}

const MIN_HUE_DISTANCE = 40;

/**
 * Colours for `count` series from the theme's tokens: the wanted ones first (the theme's colour for
 * the main series, success for pickups, error for expiries), each swapped for the next spare
 * palette colour when its hue is too close to one already taken (a red theme's primary beside the
 * error red), and darkened where needed to 3:1 against the card (WCAG 1.4.11), so each of the
 * console's themes keeps its series apart and visible.
 */
export function seriesColorsOf(token: GlobalToken, wanted: string[]): string[] {
  const spare = [token.colorPrimary, token.colorSuccess, token.colorError, token.colorWarning, token.purple7, token.cyan7, token.magenta7];
  const taken: { color: string; hue: number | null }[] = [];
  const fits = (color: string) => {
    const hue = hueOf(color);
    return hue === null || taken.every((other) => other.hue === null || hueDistance(hue, other.hue) >= MIN_HUE_DISTANCE);
  };
  for (const color of wanted) {
    const chosen = fits(color) ? color : (spare.find((candidate) => !taken.some((t) => t.color === candidate) && fits(candidate)) ?? color);
    taken.push({ color: chosen, hue: hueOf(chosen) });
  }
  return taken.map(({ color }) => darkenToContrast(color, [token.colorBgContainer], UI_CONTRAST));
}
