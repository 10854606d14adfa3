import type { DashboardAnswer, DashboardFailingDoor } from '@ebox/domain';
import { DOOR_FAILURE_KINDS } from '@ebox/domain/dashboard/alert-kinds';
import { Card, Flex, Statistic, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatInZone } from './dashboard-format';
import { compartmentPath, lockerPath } from './dashboard-links';
import { CardHeading, NoValue } from './dashboard-parts';
import { Change } from './figure-tiles';

type Doors = DashboardAnswer['doors'];

/** A link inside running text: underlined, so it does not rely on its colour alone (WCAG 1.4.1). */
const UNDERLINED = { textDecoration: 'underline' } as const;

/** More door failures is bad news: the change reads in the error colour when they rise. */
const FAILURES_FIGURE = { kind: 'count', riseIsGood: false } as const;

function FailingDoorItem({ door, timeZone }: { door: DashboardFailingDoor; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const kinds = DOOR_FAILURE_KINDS.filter((kind) => door.byKind[kind] > 0).map(
    (kind) => `${t(`dashboardPage.doors.kinds.${kind}`)}: ${formatCount(door.byKind[kind], i18n.language)}`,
  );
  return (
    <li data-testid="failing-door" style={{ padding: '6px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}>
      {/* Spaced, not dotted apart: on a phone the door goes under the locker with no dot left hanging. */}
      <Flex gap="2px 10px" align="baseline" wrap>
        <Link to={lockerPath(door.ebox.id)} style={UNDERLINED}>
          {door.ebox.name}
          {door.ebox.code ? ` (${door.ebox.code})` : ''}
        </Link>
        {/* The door and its state read as one: a narrow card breaks the line before them, not inside. */}
        <span style={{ whiteSpace: 'nowrap' }}>
          <Link to={compartmentPath(door.compartiment.id)} style={UNDERLINED} data-testid="failing-door-number">
            {t('dashboardPage.doors.door', { number: door.compartiment.number })}
          </Link>
          {/* A door locked out of use (DAMAGE) is the one already dealt with: said, in words. */}
          {door.compartiment.status === 'DAMAGE' && (
            <Tag color="error" style={{ marginInlineStart: 8, marginInlineEnd: 0 }}>
              {t('entities.compartiment.enumerators.status.DAMAGE')}
            </Tag>
          )}
        </span>
      </Flex>
      <div>
        <strong style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="failing-door-failures">
          {t('dashboardPage.doors.failuresCount', { count: door.failures })}
        </strong>
        {' · '}
        {t('dashboardPage.doors.lastAt', { when: formatInZone(door.lastAt, timeZone) })}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, display: 'block' }} data-testid="failing-door-kinds">
        {kinds.join(' · ')}
      </Typography.Text>
    </li>
  );
}

/**
 * The doors (issue 28 item 4): the period's door failures against the previous period's, the
 * compartments in DAMAGE now, and the doors that failed most, each with its locker, when it last
 * failed and how (jammed, failed, unanswered, opened without a command). The compartments have no
 * list of their own to open (they are listed on their locker's page): the damaged count is a figure.
 */
export function FailingDoorsCard({ doors, timeZone }: { doors: Doors; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { failures, failing, damagedNow } = doors;
  return (
    <Card
      size="small"
      title={<CardHeading>{t('dashboardPage.doors.title')}</CardHeading>}
      data-testid="dashboard-doors"
      style={{ height: '100%' }}
    >
      <Flex gap={32} wrap>
        <div data-testid="doors-failures">
          <Statistic
            title={
              <Tooltip title={t('dashboardPage.doors.failuresHint')}>
                <span>{t('dashboardPage.doors.failures')}</span>
              </Tooltip>
            }
            value={0}
            formatter={() =>
              failures.value === null ? (
                <NoValue why={t('dashboardPage.nullWhy.none')} />
              ) : (
                <span data-testid="figure-value">{formatCount(failures.value, i18n.language)}</span>
              )
            }
          />
          <Change figure={failures} declaration={FAILURES_FIGURE} />
        </div>
        <div data-testid="doors-damaged">
          <Statistic
            title={
              <Tooltip title={t('dashboardPage.doors.damagedHint')}>
                <span>{t('dashboardPage.doors.damagedNow')}</span>
              </Tooltip>
            }
            value={damagedNow}
            formatter={() => <span data-testid="figure-value">{formatCount(damagedNow, i18n.language)}</span>}
            styles={damagedNow ? { content: { color: token.colorErrorText } } : undefined}
          />
        </div>
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12 }} id="dashboard-failing-doors">
        {t('dashboardPage.doors.failing')}
      </Typography.Text>
      {failing.length ? (
        <ol
          aria-labelledby="dashboard-failing-doors"
          style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}
          data-testid="failing-doors"
        >
          {failing.map((door) => (
            <FailingDoorItem key={door.compartiment.id} door={door} timeZone={timeZone} />
          ))}
        </ol>
      ) : (
        <div data-testid="failing-doors-none">{t('dashboardPage.doors.none')}</div>
      )}
    </Card>
  );
}
