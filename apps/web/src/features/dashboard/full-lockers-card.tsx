import type { DashboardAnswer, DashboardFigure } from '@ebox/domain';
import { Card, Flex, Statistic, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from './dashboard-format';
import { lockerPath } from './dashboard-links';
import { CardHeading, NoValue } from './dashboard-parts';
import { Change } from './figure-tiles';

type FullLockers = DashboardAnswer['fullLockers'];
type RefusingLocker = FullLockers['lockers'][number];

/** A link inside running text: underlined, so it does not rely on its colour alone (WCAG 1.4.1). */
const UNDERLINED = { textDecoration: 'underline' } as const;

/** More refused bookings is bad news: the change reads in the error colour when they rise. */
const REFUSALS_FIGURE = { kind: 'count', riseIsGood: false } as const;

/**
 * The refusals' change. A previous period without a refusal is a measure, not missing data
 * (`Change` reads a previous count of 0 as nothing to compare with): it says so.
 */
function RefusalsChange({ figure }: { figure: DashboardFigure }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  if (figure.previous !== 0 || figure.value === null) return <Change figure={figure} declaration={REFUSALS_FIGURE} />;
  return (
    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, display: 'block', marginTop: 4 }} data-testid="figure-change">
      {/* As `Change` says an unchanged figure: "=" for the eye, the words for everyone. */}
      {figure.value === 0 ? (
        <>
          <span aria-hidden="true">=</span> {t('dashboardPage.change.same', { previous: formatCount(0, i18n.language) })}
        </>
      ) : (
        t('dashboardPage.fullLockers.noneBefore')
      )}
    </Typography.Text>
  );
}

function RefusingLockerItem({ locker }: { locker: RefusingLocker }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  // The compartment sizes are the lockers' own codes (P, M, G, GG...): shown as given.
  const sizes = locker.bySize.map((size) =>
    t('dashboardPage.fullLockers.sizeCount', { size: size.size, count: formatCount(size.count, i18n.language) }),
  );
  return (
    <li data-testid="full-locker" style={{ padding: '6px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex gap="2px 10px" align="baseline" justify="space-between" wrap>
        <Link to={lockerPath(locker.id)} style={UNDERLINED}>
          {locker.name}
          {locker.code ? ` (${locker.code})` : ''}
        </Link>
        <strong style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="full-locker-refusals">
          {t('dashboardPage.fullLockers.refusalsCount', { count: locker.refusals, n: formatCount(locker.refusals, i18n.language) })}
        </strong>
      </Flex>
      {sizes.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, display: 'block' }} data-testid="full-locker-sizes">
          {sizes.join(' · ')}
        </Typography.Text>
      )}
    </li>
  );
}

/**
 * Full lockers (docs/dashboard.md "Full lockers"): the bookings refused in the period because no
 * compartment of the size asked was free, against the previous period, and the lockers refusing
 * most with their refusals by size, each linked to its page. Beside the availability: a locker down
 * and a locker full both turn parcels away.
 */
export function FullLockersCard({ fullLockers }: { fullLockers: FullLockers }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { refusals, lockers } = fullLockers;
  return (
    <Card
      size="small"
      title={<CardHeading>{t('dashboardPage.fullLockers.title')}</CardHeading>}
      data-testid="dashboard-full-lockers"
      style={{ height: '100%' }}
    >
      <Flex gap="16px 32px" wrap>
        <div data-testid="full-lockers-refusals" style={{ flex: '0 1 auto' }}>
          <Statistic
            title={
              <Tooltip title={t('dashboardPage.fullLockers.refusalsHint')}>
                <span>{t('dashboardPage.fullLockers.refusals')}</span>
              </Tooltip>
            }
            value={0}
            formatter={() =>
              refusals.value === null ? (
                <NoValue why={t('dashboardPage.nullWhy.none')} />
              ) : (
                <span data-testid="figure-value">{formatCount(refusals.value, i18n.language)}</span>
              )
            }
            styles={refusals.value ? { content: { color: token.colorErrorText } } : undefined}
          />
          <RefusalsChange figure={refusals} />
        </div>
        <div style={{ flex: '1 1 280px', minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ display: 'block' }} id="dashboard-full-lockers-list">
            {t('dashboardPage.fullLockers.most')}
          </Typography.Text>
          {lockers.length ? (
            <ol
              aria-labelledby="dashboard-full-lockers-list"
              style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}
              data-testid="full-lockers"
            >
              {lockers.map((locker) => (
                <RefusingLockerItem key={locker.id} locker={locker} />
              ))}
            </ol>
          ) : (
            <div data-testid="full-lockers-none" style={{ marginTop: 4 }}>
              {t('dashboardPage.fullLockers.none')}
            </div>
          )}
        </div>
      </Flex>
    </Card>
  );
}
