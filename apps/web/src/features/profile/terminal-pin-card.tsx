import { TERMINAL_PERSON_PERMISSIONS } from '@ebox/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { SectionTitle } from '../../app/page-title';
import './messages';

const PIN_KEY = ['auth', 'terminal-pin'] as const;

/**
 * The person's way in at the lockers' screens (issue 33, docs/terminal-people.md): their PIN
 * (PUT /auth/terminal-pin) and a QR code drawn on demand (POST /auth/terminal-qr, good for a few
 * minutes). Shown to who holds any right at a locker's screen: nobody else may sign in there.
 */
export function TerminalPinCard() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const { user, can } = useCurrentUser();
  const [form] = Form.useForm<{ pin: string }>();
  const atLockers = Boolean(user) && TERMINAL_PERSON_PERMISSIONS.some((permission) => can(permission));
  const state = useQuery({
    queryKey: PIN_KEY,
    queryFn: () => api.get<{ hasPin: boolean }>('/auth/terminal-pin'),
    enabled: atLockers,
  });
  const savePin = useMutation({
    mutationFn: (pin: string) => api.put<{ hasPin: true }>('/auth/terminal-pin', { pin }),
    onSuccess: (answer) => {
      queryClient.setQueryData(PIN_KEY, answer);
      form.resetFields();
      qr.reset();
      message.success(t('auth.profile.terminal.pinSaved'));
    },
    onError: handleError,
  });
  const qr = useMutation({
    mutationFn: () => api.post<{ token: string; expiresAt: string }>('/auth/terminal-qr'),
    onError: handleError,
  });

  if (!atLockers) return null;
  const expiresAt = qr.data ? new Date(qr.data.expiresAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) : '';
  return (
    <Card title={<SectionTitle title={t('auth.profile.terminal.title')} />} data-testid="profile-terminal">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('auth.profile.terminal.intro')}</Typography.Text>
        <Typography.Text>{t(state.data?.hasPin ? 'auth.profile.terminal.pinSet' : 'auth.profile.terminal.pinUnset')}</Typography.Text>
        <Form form={form} layout="inline" onFinish={(values) => savePin.mutate(values.pin)}>
          <Form.Item
            name="pin"
            label={t('auth.profile.terminal.pin')}
            rules={[{ required: true, pattern: /^[0-9]{4,8}$/, message: t('auth.profile.terminal.pinFormat') }]}
          >
            <Input.Password inputMode="numeric" autoComplete="new-password" maxLength={8} data-testid="profile-terminal-pin" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={savePin.isPending} data-testid="profile-terminal-save">
            {t('auth.profile.terminal.savePin')}
          </Button>
        </Form>
        <Button onClick={() => qr.mutate()} loading={qr.isPending} data-testid="profile-terminal-qr" style={{ alignSelf: 'flex-start' }}>
          {t('auth.profile.terminal.showQr')}
        </Button>
        {qr.data ? (
          <Flex vertical gap={8} align="flex-start">
            <QRCode value={qr.data.token} size={200} aria-label={t('auth.profile.terminal.qrLabel')} />
            <Typography.Text type="secondary">{t('auth.profile.terminal.qrExpires', { time: expiresAt })}</Typography.Text>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
