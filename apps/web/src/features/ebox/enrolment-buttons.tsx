import { DisconnectOutlined, DownloadOutlined, KeyOutlined } from '@ant-design/icons';
import { buildTerminalConfigFile, type EnrolmentTokenData } from '@ebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useErrorHandler } from '../../app/error-handler';
import { formatDateTime } from '../../app/format';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';
import './messages';

/** Saves the installer's configuration file (built from tokenData, see packages/domain enrolment.ts). */
function downloadConfigFile(locker: EntityRecord, tokenData: EnrolmentTokenData): void {
  const file = buildTerminalConfigFile(tokenData);
  const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `ebox-terminal-${String(locker.code ?? locker.id)}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Enrolment on the locker page (issue 14, item 4): "Generate token" asks POST /ebox/createToken and
 * offers the configuration file a terminal is installed with; "Disenrol", after a confirmation,
 * revokes the terminal's credentials (POST /ebox/disenrol/{id}). Shown to those with eboxEdit;
 * `part` picks the token (safe) or the disenrol button (destructive), placed apart by the page.
 */
export function EnrolmentButtons({ locker, part }: { locker: EntityRecord; part: 'safe' | 'destructive' }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const handleError = useErrorHandler();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tokenData, setTokenData] = useState<EnrolmentTokenData | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: entityKeys.all('ebox') });

  const generate = async () => {
    setBusy(true);
    try {
      const answer = await api.post<{ tokenData: EnrolmentTokenData }>('/ebox/createToken', { locker: locker.id, config: {} });
      setTokenData(answer.tokenData);
      message.success(t('enrolment.tokenCreated'));
      await refresh();
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };

  const confirmDisenrol = () =>
    modal.confirm({
      title: t('enrolment.disenrol.confirmTitle'),
      content: t('enrolment.disenrol.confirmText'),
      okText: t('enrolment.disenrol.confirm'),
      okButtonProps: { danger: true, ...tagForTests('confirm-disenrol') },
      cancelText: t('enrolment.disenrol.cancel'),
      onOk: async () => {
        try {
          await api.post(`/ebox/disenrol/${locker.id}`);
          message.success(t('enrolment.disenrolled'));
          await refresh();
        } catch (error) {
          handleError(error);
        }
      },
    });

  const close = () => {
    setOpen(false);
    // The token is shown once: closing forgets it (a new one can be generated).
    setTokenData(null);
  };

  // Disenrol undoes the enrolment: the page shows it apart, with the other actions that delete or undo.
  if (part === 'destructive') {
    return locker.enrolledAt ? (
      <Button danger icon={<DisconnectOutlined />} onClick={confirmDisenrol} data-testid="ebox-disenrol">
        {t('enrolment.disenrol.button')}
      </Button>
    ) : null;
  }

  return (
    <>
      <Button icon={<KeyOutlined />} onClick={() => setOpen(true)} data-testid="ebox-create-token">
        {t('enrolment.dialog.open')}
      </Button>
      <Modal
        open={open}
        title={t('enrolment.dialog.title')}
        onCancel={close}
        footer={
          <Button onClick={close} data-testid="enrolment-close">
            {t('enrolment.dialog.close')}
          </Button>
        }
        destroyOnHidden
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('enrolment.dialog.intro')}</Typography.Paragraph>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('entities.ebox.fields.enrolledAt')}>
              {locker.enrolledAt ? formatDateTime(String(locker.enrolledAt)) : t('enrolment.dialog.notEnrolled')}
            </Descriptions.Item>
            {tokenData && (
              <>
                <Descriptions.Item label={t('enrolment.dialog.token')}>
                  <Typography.Text copyable code data-testid="enrolment-token">
                    {tokenData.token}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('enrolment.dialog.expiresAt')}>{formatDateTime(tokenData.expiresAt)}</Descriptions.Item>
                <Descriptions.Item label={t('enrolment.dialog.terminalId')}>
                  <Typography.Text copyable>{tokenData.terminalId}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('enrolment.dialog.mqttUrl')}>{tokenData.mqttUrl}</Descriptions.Item>
              </>
            )}
          </Descriptions>
          <Space wrap>
            <Button type={tokenData ? 'default' : 'primary'} loading={busy} onClick={generate} data-testid="enrolment-generate">
              {tokenData ? t('enrolment.dialog.generateAgain') : t('enrolment.dialog.generate')}
            </Button>
            {tokenData && (
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                onClick={() => downloadConfigFile(locker, tokenData)}
                data-testid="enrolment-download"
              >
                {t('enrolment.dialog.download')}
              </Button>
            )}
          </Space>
        </Space>
      </Modal>
    </>
  );
}
