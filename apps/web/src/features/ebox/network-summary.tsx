import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api-client';
import { formatDateTime } from '../../app/format';
import { type LiveMessage, useLiveEvents } from '../../app/live-events';
import { entityKeys } from '../../kit/entity-api';
import './messages';

type Summary = {
  online: number;
  offline: number;
  misconfigured: number;
  silentLongest: { id: string; name: string; code: string | null; lastHeartBeat: string | null }[];
};

const summaryKey = [...entityKeys.all('ebox'), 'network-summary'] as const;

/**
 * The network at a glance, above the locker list (GET /ebox/network-summary): online and offline
 * counts and the lockers silent for longest. A locker going online or offline (GET /live) reloads
 * it and the list, so both stay true without polling.
 */
export function NetworkSummary() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const summary = useQuery({ queryKey: summaryKey, queryFn: () => api.get<Summary>('/ebox/network-summary') });
  useLiveEvents((message: LiveMessage) => {
    if (message.name === 'ready' || message.name === 'ebox.statusChanged' || message.name === 'ebox.configChanged') {
      void queryClient.invalidateQueries({ queryKey: entityKeys.all('ebox') });
    }
  });
  if (!summary.data) return null;
  const { online, offline, misconfigured, silentLongest } = summary.data;
  return (
    <section aria-labelledby="network-summary-title" data-testid="network-summary" style={{ margin: '4px 0 8px' }}>
      <Typography.Title level={2} id="network-summary-title" style={{ fontSize: 16, marginBottom: 8 }}>
        {t('lockerLive.network.title')}
      </Typography.Title>
      <Flex wrap gap={32} align="flex-start">
        <Statistic
          title={t('lockerLive.network.online')}
          value={online}
          prefix="●"
          styles={{ content: { color: '#237804' } }}
          data-testid="network-online"
        />
        <Statistic title={t('lockerLive.network.offline')} value={offline} prefix="○" data-testid="network-offline" />
        <Statistic
          title={t('lockerLive.network.misconfigured')}
          value={misconfigured}
          prefix="⚠"
          styles={misconfigured ? { content: { color: '#a8071a' } } : undefined}
          data-testid="network-misconfigured"
        />
        <div style={{ minWidth: 220 }}>
          <Typography.Text type="secondary">{t('lockerLive.network.silent')}</Typography.Text>
          {silentLongest.length ? (
            <ol style={{ margin: '4px 0 0', paddingInlineStart: 20 }} data-testid="network-silent">
              {silentLongest.map((locker) => (
                <li key={locker.id}>
                  <Link to={`/ebox/${locker.id}`} style={{ textDecoration: 'underline' }}>
                    {locker.name}
                  </Link>
                  {locker.code ? ` (${locker.code})` : ''}
                  {' · '}
                  <Typography.Text type="secondary">
                    {locker.lastHeartBeat
                      ? t('lockerLive.network.lastHeard', { when: formatDateTime(locker.lastHeartBeat) })
                      : t('lockerLive.network.never')}
                  </Typography.Text>
                </li>
              ))}
            </ol>
          ) : (
            <div>{t('lockerLive.network.allOnline')}</div>
          )}
        </div>
      </Flex>
    </section>
  );
}
