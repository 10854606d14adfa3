import type { DashboardAnswer, DashboardFigure } from '@ebox/domain';
import { Card, Flex, Statistic, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMinutes, formatRate } from './dashboard-format';
import { lockerPath } from './dashboard-links';
import { CardHeading, NoValue } from './dashboard-parts';
import { Change } from './figure-tiles';

type Availability = DashboardAnswer['availability'];
type OfflineLocker = Availability['lockers'][number];

/** A link inside running text: underlined, so it does not rely on its colour alone (WCAG 1.4.1). */
const UNDERLINED = { textDecoration: 'underline' } as const;

/** More time online is good news; more time offline is bad. */
const RATE_FIGURE = { kind: 'rate', riseIsGood: true } as const;
const OFFLINE_FIGURE = { kind: 'duration', riseIsGood: false } as const;

/** Minutes as the seconds the duration figures (and so `Change`) are read in. */
function inSeconds(figure: DashboardFigure): DashboardFigure {
  const seconds = (minutes: number | null) => (minutes === null ? null : minutes * 60);
  return { value: seconds(figure.value), previous: seconds(figure.previous) };
}

/**
 * The offline time's change. A previous period with none offline is a measure, not missing data
 * (`Change` reads a previous count of 0 as nothing to compare with): it says so.
 */
function OfflineChange({ figure }: { figure: DashboardFigure }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (figure.previous !== 0 || figure.value === null) return <Change figure={inSeconds(figure)} declaration={OFFLINE_FIGURE} />;
  return (
    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, display: 'block', marginTop: 4 }} data-testid="figure-change">
      {figure.value === 0 ? (
        <>
          <span aria-hidden="true">=</span> {t('dashboardPage.change.same', { previous: formatMinutes(0, t) })}
        </>
      ) : (
        t('dashboardPage.availability.noneBefore')
      )}
    </Typography.Text>
  );
}

function OfflineLockerItem({ locker }: { locker: OfflineLocker }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <li data-testid="availability-locker" style={{ padding: '6px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex gap="2px 10px" align="baseline" justify="space-between" wrap>
        <Link to={lockerPath(locker.id)} style={UNDERLINED}>
          {locker.name}
          {locker.code ? ` (${locker.code})` : ''}
        </Link>
        {/* Time and outages read as one: a narrow card breaks the line before them, not inside. */}
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          <strong data-testid="availability-locker-offline">
            {t('dashboardPage.availability.offlineFor', { duration: formatMinutes(locker.offlineMinutes, t) })}
          </strong>
          {' · '}
          <span data-testid="availability-locker-outages">{t('dashboardPage.availability.outages', { count: locker.outages })}</span>
        </span>
      </Flex>
    </li>
  );
}

/**
 * The lockers' availability in the period (docs/dashboard.md "Availability"): the share of their
 * time online and the time offline, each against the previous period, and the lockers offline
 * longest with how many times they went down, each linked to its page. Beside "now"'s online and
 * offline counts, since the two read together: who is down now, and who was down most.
 */
export function AvailabilityCard({ availability }: { availability: Availability }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { rate, offlineMinutes, lockers } = availability;
  return (
    <Card
      size="small"
      title={<CardHeading>{t('dashboardPage.availability.title')}</CardHeading>}
      data-testid="dashboard-availability"
      style={{ height: '100%' }}
    >
      <Flex gap="16px 32px" wrap>
        <Flex gap="12px 32px" wrap style={{ flex: '0 1 auto' }}>
          <div data-testid="availability-rate">
            <Statistic
              title={
                <Tooltip title={t('dashboardPage.availability.rateHint')}>
                  <span>{t('dashboardPage.availability.rate')}</span>
                </Tooltip>
              }
              value={0}
              formatter={() =>
                rate.value === null ? (
                  <NoValue why={t('dashboardPage.availability.noLockers')} />
                ) : (
                  <span data-testid="figure-value">{formatRate(rate.value, i18n.language)}</span>
                )
              }
            />
            <Change figure={rate} declaration={RATE_FIGURE} />
          </div>
          <div data-testid="availability-offline">
            <Statistic
              title={
                <Tooltip title={t('dashboardPage.availability.offlineHint')}>
                  <span>{t('dashboardPage.availability.offline')}</span>
                </Tooltip>
              }
              value={0}
              formatter={() =>
                offlineMinutes.value === null ? (
                  <NoValue why={t('dashboardPage.availability.noLockers')} />
                ) : (
                  <span data-testid="figure-value">{formatMinutes(offlineMinutes.value, t)}</span>
                )
              }
              styles={offlineMinutes.value ? { content: { color: token.colorErrorText } } : undefined}
            />
            <OfflineChange figure={offlineMinutes} />
          </div>
        </Flex>
        <div style={{ flex: '1 1 280px', minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ display: 'block' }} id="dashboard-availability-lockers">
            {t('dashboardPage.availability.longest')}
          </Typography.Text>
          {lockers.length ? (
            <ol
              aria-labelledby="dashboard-availability-lockers"
              style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}
              data-testid="availability-lockers"
            >
              {lockers.map((locker) => (
                <OfflineLockerItem key={locker.id} locker={locker} />
              ))}
            </ol>
          ) : (
            <div data-testid="availability-none" style={{ marginTop: 4 }}>
              {t('dashboardPage.availability.none')}
            </div>
          )}
        </div>
      </Flex>
    </Card>
  );
}
