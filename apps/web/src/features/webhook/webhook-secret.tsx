import { KeyOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { formatDateTime } from '../../app/format';
import type { EntityRecord } from '../../kit/entity-api';
import './messages';

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * Shows a signing secret the one time the console answers it (a create, a rotation) and resolves
 * once the user says it is kept: the page leaves only then.
 */
export function showSecretOnce(
  modal: ReturnType<typeof App.useApp>['modal'],
  t: Translate,
  secret: string,
  options: { title: string; previousValidUntil?: string | null; rotated?: boolean },
): Promise<void> {
  return new Promise((resolve) => {
    modal.info({
      title: options.title,
      width: 560,
      okText: t('webhookPage.secret.done'),
      onOk: () => resolve(),
      content: (
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('webhookPage.secret.shownOnce')}</Typography.Paragraph>
          <Typography.Paragraph
            code
            copyable={{ text: secret, tooltips: [t('webhookPage.secret.copy'), t('webhookPage.secret.copied')] }}
            style={{ wordBreak: 'break-all' }}
            data-testid="webhook-secret-value"
          >
            {secret}
          </Typography.Paragraph>
          {options.rotated && (
            <Typography.Paragraph type="secondary">
              {options.previousValidUntil
                ? t('webhookPage.secret.previousValidUntil', { date: formatDateTime(options.previousValidUntil) })
                : t('webhookPage.secret.previousStopped')}
            </Typography.Paragraph>
          )}
        </Space>
      ),
    });
  });
}

const OVERLAP_CHOICES = [0, 1, 24, 72, 168] as const;

/** The signing secret card: how deliveries are signed, and "rotate" (with how long the current one stays valid). */
export function WebhookSecretCard({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { modal, message } = App.useApp();
  const handleError = useErrorHandler();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ overlapHours: number }>();

  const rotate = async ({ overlapHours }: { overlapHours: number }) => {
    setSaving(true);
    try {
      const answer = await api.post<{ secret: string; previousValidUntil: string | null }>(`/webhook/${record.id}/rotateSecret`, {
        data: { overlapHours },
      });
      setOpen(false);
      message.success(t('webhookPage.secret.rotatedTitle'));
      await showSecretOnce(modal, t, answer.secret, {
        title: t('webhookPage.secret.rotatedTitle'),
        previousValidUntil: answer.previousValidUntil,
        rotated: true,
      });
    } catch (error) {
      handleError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={t('webhookPage.secret.title')}
      data-testid="webhook-secret"
      extra={
        can('webhookEdit') && (
          <Button icon={<KeyOutlined />} onClick={() => setOpen(true)} data-testid="webhook-rotate-secret">
            {t('webhookPage.secret.rotate')}
          </Button>
        )
      }
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('webhookPage.secret.hint')}</Typography.Paragraph>
      <Modal
        open={open}
        title={t('webhookPage.secret.rotateTitle')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('webhookPage.secret.rotateConfirm')}
        cancelText={t('webhookPage.secret.keep')}
        okButtonProps={{ loading: saving, danger: true }}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('webhookPage.secret.rotateText')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={rotate} initialValues={{ overlapHours: 24 }}>
          <Form.Item name="overlapHours" label={t('webhookPage.secret.overlap')}>
            <Select
              data-testid="webhook-rotate-overlap"
              options={OVERLAP_CHOICES.map((hours) => ({
                value: hours,
                label: hours === 0 ? t('webhookPage.secret.overlapNone') : t('webhookPage.secret.overlapHours', { count: hours }),
              }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
