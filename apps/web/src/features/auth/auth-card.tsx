import { InboxOutlined } from '@ant-design/icons';
import { Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../app/language-select';

/** The frame of every /auth/* page: brand, language select and one centred card (untitled when its content is a titled result). */
export function AuthCard({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', background: token.colorBgLayout, padding: '16px 12px 48px' }}>
      <Flex justify="flex-end" style={{ width: '100%', maxWidth: 960 }}>
        <LanguageSelect />
      </Flex>
      <Flex vertical align="center" gap={4} style={{ marginTop: 24, marginBottom: 24 }}>
        <InboxOutlined style={{ fontSize: 40, color: token.colorPrimary }} />
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('auth.brand')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('auth.tagline')}</Typography.Text>
      </Flex>
      <Card style={{ width: '100%', maxWidth: 420 }} title={title}>
        {children}
      </Card>
    </Flex>
  );
}
