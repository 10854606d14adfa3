import type { AlertLevel, DashboardAlert, DashboardAnswer } from '@ebox/domain';
import { Button, Card, Empty, Flex, Statistic, Tag, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatDuration, formatInZone, formatRate } from './dashboard-format';
import { clusterPath, lockerPath } from './dashboard-links';
import { CardHeading } from './dashboard-parts';

type Alerts = DashboardAnswer['alerts'];

/**
 * The alerts shown before "show all": enough to see what is burning without pushing the rest of the
 * page (the period's figures) below the fold on a laptop.
 */
const SHOWN_FIRST = 6;

/** A link inside running text: underlined, so it does not rely on its colour alone (WCAG 1.4.1). */
const UNDERLINED = { textDecoration: 'underline' } as const;

/**
 * What an alert measured, in words: minutes offline, a locker's or a cluster's occupancy percent,
 * door failures in 24 h, parcels overdue.
 */
export function describeAlert(alert: DashboardAlert, t: TFunction, language: string): string {
  switch (alert.kind) {
    case 'lockerOffline':
      return t('dashboardPage.alerts.kinds.lockerOffline', { duration: formatDuration(alert.value * 60, t) });
    case 'lockerFull':
      return t('dashboardPage.alerts.kinds.lockerFull', { rate: formatRate(alert.value / 100, language) });
    case 'clusterFull':
      return t('dashboardPage.alerts.kinds.clusterFull', { rate: formatRate(alert.value / 100, language) });
    case 'doorFailures':
      return alert.compartiment
        ? t('dashboardPage.alerts.kinds.doorFailures', { count: alert.value, door: alert.compartiment.number })
        : t('dashboardPage.alerts.kinds.doorFailuresNoDoor', { count: alert.value });
    case 'parcelsOverdue':
      return alert.company
        ? t('dashboardPage.alerts.kinds.parcelsOverdue', { count: alert.value, company: alert.company.name })
        : t('dashboardPage.alerts.kinds.parcelsOverdueNoCompany', { count: alert.value });
  }
}

/**
 * The alert's level as a tag that says it in words (WCAG 1.4.1): critical solid in the theme's error
 * colour, warning outlined in its warning (gold) colour; both legible by the theme's own contrast rule.
 */
function LevelTag({ level }: { level: AlertLevel }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={level === 'critical' ? 'error' : 'warning'}
      variant={level === 'critical' ? 'solid' : 'outlined'}
      style={{ marginInlineEnd: 0 }}
      data-testid="alert-level"
    >
      {t(`dashboardPage.alerts.levels.${level}`)}
    </Tag>
  );
}

/**
 * Where the alert is, linked to its page: its locker, or for a cluster's alert (clusterFull, no
 * locker) its cluster. Nothing when the answer names neither.
 */
function AlertSubject({ alert }: { alert: DashboardAlert }) {
  if (alert.ebox) {
    return (
      <Link to={lockerPath(alert.ebox.id)} style={UNDERLINED} data-testid="alert-locker">
        {alert.ebox.name}
        {alert.ebox.code ? ` (${alert.ebox.code})` : ''}
      </Link>
    );
  }
  if (alert.cluster) {
    return (
      <Link to={clusterPath(alert.cluster.id)} style={UNDERLINED} data-testid="alert-cluster">
        {alert.cluster.name}
      </Link>
    );
  }
  return null;
}

function AlertItem({ alert, timeZone }: { alert: DashboardAlert; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  return (
    <li
      data-testid="alert"
      data-kind={alert.kind}
      data-level={alert.level}
      style={{ padding: '8px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}
    >
      {/* Two lines whatever the width: what and how bad, then where and since when. */}
      <Flex gap={10} align="baseline" wrap>
        <LevelTag level={alert.level} />
        <span style={{ fontWeight: 600 }} data-testid="alert-text">
          {describeAlert(alert, t, i18n.language)}
        </span>
      </Flex>
      {/* Spaced, not dotted apart: on a phone "since" goes under the locker (or cluster) with no dot left hanging. */}
      <Flex gap="2px 10px" align="baseline" wrap style={{ marginTop: 4 }}>
        <AlertSubject alert={alert} />
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}>
          {t('dashboardPage.alerts.since', { when: formatInZone(alert.since, timeZone) })}
        </Typography.Text>
      </Flex>
    </li>
  );
}

/** How many alerts of a level are open, in the level's text colour when there are some. */
function LevelCount({ level, count }: { level: AlertLevel; count: number }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const color = level === 'critical' ? token.colorErrorText : token.colorWarningText;
  return (
    <div data-testid={`alerts-${level}`}>
      <Statistic
        title={t(`dashboardPage.alerts.${level}`)}
        value={count}
        formatter={() => formatCount(count, i18n.language)}
        styles={count ? { content: { color } } : undefined}
      />
    </div>
  );
}

/**
 * The alerts open now (issue 28 item 4): how many are critical and how many warnings, then each one,
 * critical first and oldest first as the API orders them, with what was measured, its locker (its
 * cluster for a cluster's occupancy) and since when. The first few show; the rest behind "show
 * all", a button that says whether it is open.
 */
export function AlertsCard({ alerts, timeZone }: { alerts: Alerts; timeZone: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const listId = useId();
  const [all, setAll] = useState(false);
  const total = alerts.critical + alerts.warning;
  const shown = all ? alerts.open : alerts.open.slice(0, SHOWN_FIRST);
  return (
    <Card
      size="small"
      title={<CardHeading>{t('dashboardPage.alerts.title')}</CardHeading>}
      data-testid="dashboard-alerts"
      style={{ height: '100%' }}
    >
      <Flex gap={32} wrap>
        <LevelCount level="critical" count={alerts.critical} />
        <LevelCount level="warning" count={alerts.warning} />
      </Flex>
      {alerts.open.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboardPage.alerts.none')} data-testid="alerts-none" />
      ) : (
        <>
          <ol
            id={listId}
            aria-label={t('dashboardPage.alerts.list')}
            style={{ listStyle: 'none', margin: '12px 0 0', padding: 0 }}
            data-testid="alerts-list"
          >
            {shown.map((alert) => (
              <AlertItem key={alert.id} alert={alert} timeZone={timeZone} />
            ))}
          </ol>
          <Flex
            justify="space-between"
            align="center"
            wrap
            gap={8}
            style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 8 }}
          >
            {/* The API lists fifty at most: past that, say the list is the most urgent part only. */}
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {total > alerts.open.length
                ? t('dashboardPage.alerts.capped', { shown: alerts.open.length, total })
                : t('dashboardPage.alerts.thresholds')}
            </Typography.Text>
            {alerts.open.length > SHOWN_FIRST && (
              <Button
                type="link"
                size="small"
                aria-expanded={all}
                aria-controls={listId}
                onClick={() => setAll((current) => !current)}
                data-testid="alerts-toggle"
                style={{ paddingInline: 0 }}
              >
                {all ? t('dashboardPage.alerts.showFewer') : t('dashboardPage.alerts.showAll', { count: alerts.open.length })}
              </Button>
            )}
          </Flex>
        </>
      )}
    </Card>
  );
}
