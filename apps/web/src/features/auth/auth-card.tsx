import { InboxOutlined } from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageButton } from '../../app/language-button';

/** The frame of every /auth/* page: brand, language select and one centred card (untitled when its content is a titled result). */
export function AuthCard({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', background: token.colorBgLayout, padding: '16px 12px 48px' }}>
      <Flex justify="flex-end" style={{ width: '100%', maxWidth: 960 }}>
        <LanguageButton />
      </Flex>
      <Flex vertical align="center" gap={4} style={{ marginTop: 24, marginBottom: 24 }}>
        <InboxOutlined style={{ fontSize: 40, color: token.colorPrimary }} />
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('auth.brand')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('auth.tagline')}</Typography.Text>
      </Flex>
      {/* A card drawn with the theme's tokens: antd's Card brings its tabs, dropdown and menu (about
          20 kB compressed) to the first screen for a box with a title. */}
      <section
        style={{
          width: '100%',
          maxWidth: 420,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        {title && (
          <div
            style={{
              padding: `0 ${token.paddingLG}px`,
              minHeight: 56,
              display: 'flex',
              alignItems: 'center',
              fontSize: token.fontSizeLG,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
              borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            }}
          >
            {title}
          </div>
        )}
        <div style={{ padding: token.paddingLG }}>{children}</div>
      </section>
    </Flex>
  );
}
