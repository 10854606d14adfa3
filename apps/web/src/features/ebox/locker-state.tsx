import { Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import type { EntityRecord } from '../../kit/entity-api';
import { EboxConfigTag, EboxStatusTag } from './locker-live';
import { TerminalCommands } from './terminal-commands';
import './messages';

/** "1.4.2 (Android 11)": what the terminal runs, from its last versions report. */
function softwareOf(locker: EntityRecord): string | null {
  const application = [locker.application, locker.applicationVersion].filter(Boolean).join(' ');
  return application || null;
}

/**
 * The locker at a glance, beside its face: online or not, when it was last heard from, whether its
 * relay mapping is in place, what software it runs and the commands its terminal takes. The record passed in is the page's, patched live (locker-live.tsx), so going offline shows here
 * and greys the commands at once.
 */
export function LockerState({ locker }: { locker: EntityRecord }) {
  const { t } = useTranslation();
  const software = softwareOf(locker);
  const unknown = <Typography.Text type="secondary">{t('lockerLive.state.unknown')}</Typography.Text>;
  return (
    <Card title={<h2 style={{ margin: 0, font: 'inherit' }}>{t('lockerLive.state.title')}</h2>} size="small" data-testid="locker-state">
      <Flex vertical gap={16}>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'connection',
              label: t('lockerLive.state.connection'),
              children: <EboxStatusTag status={locker.status} lastHeartBeat={locker.lastHeartBeat} />,
            },
            {
              key: 'heartbeat',
              label: t('lockerLive.state.lastHeartBeat'),
              children: (
                <span data-testid="locker-heartbeat">
                  {locker.lastHeartBeat ? formatDateTime(String(locker.lastHeartBeat)) : t('lockerLive.state.never')}
                </span>
              ),
            },
            {
              key: 'configuration',
              label: t('lockerLive.state.configuration'),
              children: locker.configStatus ? (
                <EboxConfigTag status={locker.configStatus} error={locker.configError} />
              ) : (
                <Typography.Text type="secondary">{t('lockerLive.state.noConfiguration')}</Typography.Text>
              ),
            },
            {
              key: 'software',
              label: t('lockerLive.state.software'),
              children: (
                <span data-testid="locker-software">
                  {software ?? unknown}
                  {locker.osVersion ? (
                    <Typography.Text type="secondary">{` · ${t('lockerLive.state.os')} ${String(locker.osVersion)}`}</Typography.Text>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
        <TerminalCommands locker={locker} />
      </Flex>
    </Card>
  );
}
