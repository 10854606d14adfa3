import { InboxOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageButton } from '../../app/language-button';
import { PageTitle } from '../../app/page-title';
import { Panel } from '../../app/panel';

/**
 * The frame of every /auth/* page: language select in the banner, brand and one centred card in the
 * main landmark. The card's title is the page's heading; a card without one holds a result whose
 * title is (PageTitle in the result's `title`).
 */
export function AuthCard({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', background: token.colorBgLayout, padding: '16px 12px 48px' }}>
      <header style={{ display: 'flex', justifyContent: 'flex-end', width: '100%', maxWidth: 960 }}>
        <LanguageButton />
      </header>
      <main
        id="main-content"
        className="auth-main"
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: '100%' }}
      >
        <Flex vertical align="center" gap={4} style={{ marginTop: 24, marginBottom: 24 }}>
          <InboxOutlined style={{ fontSize: 40, color: token.colorPrimary }} />
          {/* Headings drawn with the theme's tokens as antd's Typography draws them: Typography brings
            its ellipsis, copy and edit machinery (a tooltip, a text area) to every first screen. */}
          <div
            style={{
              margin: 0,
              color: token.colorTextHeading,
              fontSize: token.fontSizeHeading2,
              lineHeight: token.lineHeightHeading2,
              fontWeight: token.fontWeightStrong,
            }}
          >
            {t('auth.brand')}
          </div>
          <span style={{ color: token.colorTextDescription }}>{t('auth.tagline')}</span>
        </Flex>
        <Panel title={title && <PageTitle title={title} />} style={{ width: '100%', maxWidth: 420 }}>
          {children}
        </Panel>
      </main>
    </Flex>
  );
}
