import { InboxOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageButton } from '../../app/language-button';
import { Panel } from '../../app/panel';

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
        {/* Headings drawn with the theme's tokens as antd's Typography draws them: Typography brings
            its ellipsis, copy and edit machinery (a tooltip, a text area) to every first screen. */}
        <h1
          style={{
            margin: 0,
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading2,
            lineHeight: token.lineHeightHeading2,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {t('auth.brand')}
        </h1>
        <span style={{ color: token.colorTextDescription }}>{t('auth.tagline')}</span>
      </Flex>
      <Panel title={title} style={{ width: '100%', maxWidth: 420 }}>
        {children}
      </Panel>
    </Flex>
  );
}
