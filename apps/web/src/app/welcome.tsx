import { UserOutlined } from '@ant-design/icons';
import { displayNameOf } from '@ebox/domain';
import { Avatar, Card, Col, Empty, Flex, Row, Tag, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayLabel } from '../kit/entity-labels';
import { useCurrentUser } from './current-user';
import { flattenMenu, menuFor } from './menu';
import { menuIconOf } from './menu-icons';
import { PageTitle, SectionTitle } from './page-title';

/** The signed-in user's greeting and a shortcut to every page their roles open. */
export function Welcome({ title }: { title?: string }) {
  const { t } = useTranslation();
  const { user, can } = useCurrentUser();
  const { token } = theme.useToken();
  const shortcuts = useMemo(() => flattenMenu(menuFor(can)).filter((entry) => entry.path && entry.path !== '/'), [can]);
  if (!user) return null;
  const avatarUrl = user.avatars?.[0]?.publicUrl;

  return (
    <Flex vertical gap={24} data-testid="welcome">
      <Card>
        <Flex gap={16} align="center" wrap>
          <Avatar size={64} src={avatarUrl} icon={avatarUrl ? undefined : <UserOutlined />} />
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            {title && <Typography.Text type="secondary">{title}</Typography.Text>}
            <PageTitle
              title={t('home.welcome', { name: displayNameOf(user) })}
              style={{
                color: token.colorTextHeading,
                fontSize: token.fontSizeHeading3,
                lineHeight: token.lineHeightHeading3,
                fontWeight: token.fontWeightStrong,
              }}
            />
            <Typography.Text type="secondary">{t('home.signedInAs', { email: user.email })}</Typography.Text>
            <Flex gap={4} wrap align="center">
              <Typography.Text type="secondary">{t('home.roles')}:</Typography.Text>
              {user.roles.map((role) => (
                <Tag key={role.id}>{displayLabel(t, 'role', role.name)}</Tag>
              ))}
            </Flex>
          </Flex>
        </Flex>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>{t('home.intro')}</Typography.Paragraph>
      </Card>
      <Card title={<SectionTitle title={t('home.shortcuts')} />}>
        {shortcuts.length === 0 ? (
          <Empty description={t('home.noShortcuts')}>
            <Link to="/profile">{t('home.profileShortcut')}</Link>
          </Empty>
        ) : (
          <Row gutter={[12, 12]}>
            {shortcuts.map((entry) => (
              <Col key={entry.key} xs={12} md={8} xl={6}>
                <Link to={entry.path ?? '/'} data-testid={`shortcut-${entry.key}`} style={{ display: 'block', height: '100%' }}>
                  <Card size="small" hoverable style={{ height: '100%' }}>
                    <Flex gap={8} align="center">
                      <span style={{ color: token.colorPrimary }}>{menuIconOf(entry.key)}</span>
                      <Typography.Text strong>{t(entry.labelKey)}</Typography.Text>
                    </Flex>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </Flex>
  );
}
