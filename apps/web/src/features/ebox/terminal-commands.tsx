import { PoweroffOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import type { Permission } from '@ebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';
import { sendCommand } from './command-request';
import './messages';

type TerminalAction = 'reboot' | 'restart_app' | 'sync';

const ACTIONS: { action: TerminalAction; permission: Permission; icon: ReactNode }[] = [
  { action: 'sync', permission: 'eboxSync', icon: <SyncOutlined /> },
  { action: 'restart_app', permission: 'eboxRestartApp', icon: <ReloadOutlined /> },
  { action: 'reboot', permission: 'eboxReboot', icon: <PoweroffOutlined /> },
];

/**
 * The terminal command panel (POST /ebox/terminal/send): each command with its permission, after a
 * confirmation whose button names the command. A command that cannot work is not offered as if it
 * could: on an offline locker every one is greyed with that reason shown beside it (the locker's
 * status is kept live by the page), and one the terminal said it does not support
 * (ebox.unsupportedActions) is greyed with that reason. The outcome is the API's own message.
 */
export function TerminalCommands({ locker }: { locker: EntityRecord }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<TerminalAction | null>(null);
  const allowed = ACTIONS.filter((entry) => can(entry.permission));
  if (!allowed.length) return null;
  const unsupported = new Set((locker.unsupportedActions as string[] | null | undefined) ?? []);
  const offline = locker.status !== 'online';

  const run = async (action: TerminalAction) => {
    setBusy(action);
    try {
      await sendCommand('POST', '/ebox/terminal/send', { data: { ebox: locker.id, type_message: action } });
      message.success(t('lockerLive.terminal.done', { action: t(`lockerLive.terminal.${action}`) }));
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: entityKeys.find('ebox', locker.id) });
    }
  };

  const confirm = (action: TerminalAction) =>
    modal.confirm({
      title: t(`lockerLive.terminal.${action}`),
      content: t(`lockerLive.terminal.confirm.${action}`),
      okText: t(`lockerLive.terminal.ok.${action}`),
      okButtonProps: { danger: action !== 'sync', ...tagForTests(`confirm-terminal-${action}`) },
      cancelText: t('kit.actions.cancel'),
      onOk: () => run(action),
    });

  return (
    <section aria-labelledby="terminal-commands-title" data-testid="terminal-commands" data-offline={offline ? 'true' : 'false'}>
      <Typography.Title level={3} id="terminal-commands-title" style={{ fontSize: 14, margin: '0 0 8px' }}>
        {t('lockerLive.terminal.title')}
      </Typography.Title>
      {offline && (
        <Typography.Paragraph type="secondary" style={{ margin: '0 0 8px' }} id="terminal-offline" data-testid="terminal-offline">
          {t('lockerLive.terminal.offline')}
        </Typography.Paragraph>
      )}
      <Flex wrap gap={8}>
        {allowed.map(({ action, icon }) => {
          const notSupported = unsupported.has(action);
          const button = (
            <Button
              key={action}
              icon={icon}
              danger={action === 'reboot'}
              loading={busy === action}
              disabled={offline || notSupported || Boolean(busy)}
              onClick={() => confirm(action)}
              data-testid={`terminal-${action}`}
              aria-describedby={offline ? 'terminal-offline' : notSupported ? `unsupported-${action}` : undefined}
            >
              {t(`lockerLive.terminal.${action}`)}
              {notSupported && (
                <span id={`unsupported-${action}`} className="visually-hidden">
                  {` (${t('lockerLive.terminal.unsupported')})`}
                </span>
              )}
            </Button>
          );
          return notSupported && !offline ? (
            <Flex key={action} vertical gap={2} align="flex-start">
              <Tooltip title={t('lockerLive.terminal.unsupported')}>
                <span>{button}</span>
              </Tooltip>
              <Typography.Text type="secondary" style={{ fontSize: 12 }} aria-hidden>
                {t('lockerLive.terminal.unsupported')}
              </Typography.Text>
            </Flex>
          ) : (
            button
          );
        })}
      </Flex>
    </section>
  );
}
