import type { DashboardAnswer } from '@ebox/domain';
import { Card, Empty, Flex, Radio, Typography, theme } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDayInZone, formatDecimal, formatLastDayInZone, weekdayNamesOf } from './dashboard-format';
import { CardHeading, ScrollBox } from './dashboard-parts';
import { type HeatStep, heatScaleOf, heatStepOf, heatStepsOf } from './heat-scale';

type WeekGrid = DashboardAnswer['weekGrid'];
type Measure = 'pickups' | 'free';

const MEASURES: Measure[] = ['pickups', 'free'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Wide enough for "1.234" or "12,5" in the small size; under it the table scrolls inside its box. */
const CELL_MIN_WIDTH = 36;
const WEEKDAY_WIDTH = 56;

const twoDigits = (hour: number) => String(hour).padStart(2, '0');

/** The weekday column stays in sight while a phone scrolls the hours sideways. */
function stickyHeader(background: string): CSSProperties {
  return { position: 'sticky', insetInlineStart: 0, zIndex: 1, background, textAlign: 'start', fontWeight: 600, paddingInlineEnd: 6 };
}

/** The scale's steps as swatches between "less" and "more", with the values it runs between. */
function Legend({ steps, range }: { steps: HeatStep[]; range: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={6} wrap style={{ marginTop: 8, fontSize: token.fontSizeSM }} data-testid="week-grid-legend">
      <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
        {t('dashboardPage.weekGrid.less')}
      </Typography.Text>
      {steps.slice(1).map((step, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps are fixed, in order
          key={index}
          aria-hidden="true"
          style={{
            width: 18,
            height: 12,
            borderRadius: 3,
            background: step.background,
            border: `1px solid ${token.colorBorderSecondary}`,
          }}
        />
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
        {t('dashboardPage.weekGrid.more')} ({range})
      </Typography.Text>
    </Flex>
  );
}

/**
 * The weekday × hour grid (docs/dashboard.md "Weekday × hour") as a heat map drawn as a plain table:
 * a row per weekday from Sunday, a column per hour on the network's clock, each cell its value in
 * text (so a screen reader reads it with its row and column headers) over a step of the theme's
 * colour (heat-scale.ts), "—" where the free compartments were not sampled. A toggle switches
 * between the pickups and the free compartments. No chart code: it shows without the charts' chunk.
 */
export function WeekGridCard({ weekGrid, timeZone }: { weekGrid: WeekGrid; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [measure, setMeasure] = useState<Measure>('pickups');
  const language = i18n.language;
  const grid: (number | null)[][] = measure === 'pickups' ? weekGrid.pickups : weekGrid.free;
  const scale = useMemo(() => heatScaleOf(grid, measure === 'pickups'), [grid, measure]);
  const steps = useMemo(() => heatStepsOf(token), [token]);
  const [shortNames, longNames] = useMemo(() => [weekdayNamesOf(language, 'short'), weekdayNamesOf(language, 'long')], [language]);
  const title = t('dashboardPage.weekGrid.title');
  const measureLabel = t(`dashboardPage.weekGrid.${measure}`);
  const format = (value: number) => (measure === 'pickups' ? formatCount(value, language) : formatDecimal(value, language));
  const hoursOf = (hour: number) => t('dashboardPage.weekGrid.hours', { from: `${twoDigits(hour)}:00`, to: `${twoDigits(hour)}:59` });
  // Nothing to colour: no pickup at all (a grid of zeros), or no sample taken.
  const empty = !scale || (measure === 'pickups' && scale.high === 0);

  return (
    <Card
      size="small"
      title={<CardHeading>{title}</CardHeading>}
      data-testid="dashboard-week-grid"
      // A long title wraps on a phone rather than end in an ellipsis.
      styles={{ title: { whiteSpace: 'normal' } }}
    >
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 12 }}>
        <div>
          <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="week-grid-window">
            {t('dashboardPage.weekGrid.window', {
              from: formatDayInZone(weekGrid.from, timeZone),
              to: formatLastDayInZone(weekGrid.to, timeZone),
            })}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: token.fontSizeSM }}>
            {t('dashboardPage.weekGrid.clock', { zone: timeZone })}
          </Typography.Text>
        </div>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          size="small"
          value={measure}
          onChange={(event) => setMeasure(event.target.value as Measure)}
          aria-label={t('dashboardPage.weekGrid.measure')}
          options={MEASURES.map((value) => ({ value, label: t(`dashboardPage.weekGrid.${value}`) }))}
          data-testid="week-grid-measure"
        />
      </Flex>
      {empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(measure === 'pickups' ? 'dashboardPage.weekGrid.noPickups' : 'dashboardPage.weekGrid.noSamples')}
          data-testid="week-grid-empty"
        />
      ) : (
        <>
          <ScrollBox label={title}>
            <table
              data-testid="week-grid"
              data-measure={measure}
              style={{
                // Holds the headers' and cells' visually hidden words (absolutely positioned): without it
                // they would be placed against the page and widen it past a phone's screen.
                position: 'relative',
                width: '100%',
                minWidth: WEEKDAY_WIDTH + 24 * (CELL_MIN_WIDTH + 2),
                tableLayout: 'fixed',
                borderCollapse: 'separate',
                borderSpacing: 2,
                fontSize: token.fontSizeSM,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              <caption className="visually-hidden">{t(`dashboardPage.weekGrid.${measure}Caption`)}</caption>
              <colgroup>
                <col style={{ width: WEEKDAY_WIDTH }} />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col" style={{ ...stickyHeader(token.colorBgContainer), fontWeight: 400, color: token.colorTextSecondary }}>
                    {t('dashboardPage.weekGrid.weekday')}
                  </th>
                  {HOURS.map((hour) => (
                    <th key={hour} scope="col" style={{ fontWeight: 400, color: token.colorTextSecondary, textAlign: 'center' }}>
                      <span aria-hidden="true">{twoDigits(hour)}</span>
                      <span className="visually-hidden">{hoursOf(hour)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.map((row, day) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the row's index is its weekday
                  <tr key={day} data-testid="week-grid-row" data-day={day}>
                    <th scope="row" style={stickyHeader(token.colorBgContainer)} title={longNames[day]}>
                      <span aria-hidden="true">{shortNames[day]}</span>
                      <span className="visually-hidden">{longNames[day]}</span>
                    </th>
                    {row.map((value, hour) => {
                      const step = steps[scale ? heatStepOf(value, scale) : 0] ?? steps[0];
                      const shown = value === null ? t('dashboardPage.weekGrid.notSampled') : format(value);
                      return (
                        <td
                          // biome-ignore lint/suspicious/noArrayIndexKey: the cell's index is its hour
                          key={hour}
                          title={t('dashboardPage.weekGrid.cell', {
                            weekday: longNames[day],
                            hours: hoursOf(hour),
                            measure: measureLabel,
                            value: shown,
                          })}
                          data-testid="week-grid-cell"
                          data-day={day}
                          data-hour={hour}
                          style={{
                            background: step?.background,
                            color: step?.color,
                            height: 28,
                            padding: 0,
                            borderRadius: 4,
                            textAlign: 'center',
                            whiteSpace: 'nowrap',
                          }}
                        >
                          {value === null ? (
                            <>
                              <span aria-hidden="true">—</span>
                              <span className="visually-hidden">{shown}</span>
                            </>
                          ) : (
                            shown
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          {scale && (
            <Legend
              steps={steps}
              range={
                scale.low === scale.high
                  ? format(scale.high)
                  : t('dashboardPage.weekGrid.range', { low: format(scale.low), high: format(scale.high) })
              }
            />
          )}
        </>
      )}
    </Card>
  );
}
