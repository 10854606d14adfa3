import { CheckOutlined } from '@ant-design/icons';
import { THEMES, type Theme } from '@ebox/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, theme as antdTheme, Button, Card, Flex, Radio, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useErrorHandler } from '../../app/error-handler';
import { PageTitle } from '../../app/page-title';
import { SETTINGS_KEY, type Settings } from '../../app/providers';
import { isTheme, primaryColorOf, storeTheme } from '../../app/theme';

/** Spec 9: after saving, a message, then the page reloads after 3000 ms to apply the new theme everywhere. */
const RELOAD_DELAY_MS = 3000;

function ThemeSwatch({ theme, selected }: { theme: Theme; selected: boolean }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 28,
        height: 28,
        borderRadius: '50%',
        background: primaryColorOf(theme),
        color: '#fff',
        verticalAlign: 'middle',
      }}
    >
      {selected && <CheckOutlined />}
    </span>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = antdTheme.useToken();
  const handleError = useErrorHandler();
  const client = useQueryClient();
  const [theme, setTheme] = useState<Theme>(settings.theme);

  const save = useMutation({
    mutationFn: () => api.put<Settings>('/settings', { settings: { theme } }),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS_KEY, saved);
      storeTheme(saved.theme);
      message.success(t('settings.saved'));
      setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    },
    onError: handleError,
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      data-testid="settings-form"
    >
      <Typography.Title level={5} id="theme-label" style={{ marginTop: 0 }}>
        {t('settings.theme')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.themeHint')}</Typography.Paragraph>
      <Radio.Group
        value={theme}
        onChange={(event) => {
          if (isTheme(event.target.value)) setTheme(event.target.value);
        }}
        aria-labelledby="theme-label"
        style={{ width: '100%' }}
      >
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 12 }}>
          {THEMES.map((value) => (
            <Radio
              key={value}
              value={value}
              style={{
                display: 'flex',
                alignItems: 'center',
                margin: 0,
                padding: '10px 12px',
                borderRadius: token.borderRadiusLG,
                border: `${value === theme ? 2 : 1}px solid ${value === theme ? primaryColorOf(value) : token.colorBorder}`,
              }}
              data-testid={`theme-${value}`}
            >
              <Flex align="center" gap={8}>
                <ThemeSwatch theme={value} selected={value === theme} />
                <span>{t(`settings.themes.${value}`)}</span>
                {value === settings.theme && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    ({t('settings.current')})
                  </Typography.Text>
                )}
              </Flex>
            </Radio>
          ))}
        </div>
      </Radio.Group>
      <Flex justify="flex-end" style={{ marginTop: 24 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={save.isSuccess} data-testid="settings-save">
          {t('settings.save')}
        </Button>
      </Flex>
    </form>
  );
}

/** /settings (settingsEdit): the console's theme colour. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const handleError = useErrorHandler();
  const query = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.get<Settings>('/settings'), staleTime: Number.POSITIVE_INFINITY });
  useEffect(() => {
    if (query.error) handleError(query.error);
  }, [query.error, handleError]);
  return (
    <Card title={<PageTitle title={t('settings.title')} />}>
      {query.data ? <SettingsForm settings={query.data} /> : <Skeleton active paragraph={{ rows: 4 }} />}
    </Card>
  );
}
