import { FileOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { displayNameOf } from '@ebox/domain';
import { Avatar, Button, Flex, Grid, Layout, Menu, type MenuProps, Progress, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useCurrentUser } from './current-user';
import { LanguageSelect } from './language-select';
import { type MenuEntry, menuFor, menuKeyOf } from './menu';
import { menuIconOf } from './menu-icons';
import { PrivateGuard } from './route-guard';

function toMenuItems(entries: MenuEntry[], t: (key: string) => string, nested = false): MenuProps['items'] {
  return entries.map((entry) => ({
    key: entry.key,
    icon: menuIconOf(entry.key) ?? (nested ? undefined : <FileOutlined />),
    label: entry.path ? <Link to={entry.path}>{t(entry.labelKey)}</Link> : t(entry.labelKey),
    children: entry.children ? toMenuItems(entry.children, t, true) : undefined,
  }));
}

function parentKeyOf(key: string | undefined, entries: MenuEntry[]): string | undefined {
  return entries.find((entry) => entry.children?.some((child) => child.key === key))?.key;
}

/** Spec 2.5: side menu (hidden under 576 px), header with language, profile and sign-out. */
function ConsoleLayout() {
  const { t } = useTranslation();
  const { user, can, signOut } = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const [isNarrow, setIsNarrow] = useState(false);

  const entries = useMemo(() => menuFor(can), [can]);
  const selectedKey = menuKeyOf(location.pathname, entries);
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const parent = parentKeyOf(selectedKey, entries);
    return parent ? [parent] : [];
  });

  if (!user) return null;
  const name = displayNameOf(user);
  const avatarUrl = user.avatars?.[0]?.publicUrl;

  const handleSignOut = () => {
    signOut();
    navigate('/auth/signin', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        data-testid="side-menu"
        breakpoint="sm"
        collapsedWidth={0}
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={240}
        onBreakpoint={(broken) => {
          setIsNarrow(broken);
          setCollapsed(broken);
        }}
        // The dark column runs the whole height of a long page; its contents stay in view while the page scrolls.
        style={isNarrow ? { position: 'fixed', insetBlock: 0, insetInlineStart: 0, zIndex: 100, overflow: 'auto' } : undefined}
      >
        <div style={isNarrow ? undefined : { position: 'sticky', top: 0, maxHeight: '100vh', overflowY: 'auto' }}>
          <Link
            to="/"
            style={{ display: 'block', padding: '16px 24px', color: '#fff', fontWeight: 600, fontSize: 18, whiteSpace: 'nowrap' }}
          >
            {t('app.title')}
          </Link>
          <Menu
            theme="dark"
            mode="inline"
            aria-label={t('app.title')}
            items={toMenuItems(entries, t)}
            selectedKeys={selectedKey ? [selectedKey] : []}
            openKeys={openKeys}
            onOpenChange={setOpenKeys}
            onClick={() => {
              if (isNarrow) setCollapsed(true);
            }}
          />
        </div>
      </Layout.Sider>
      {isNarrow && !collapsed && (
        <button
          type="button"
          aria-label={t('layout.header.toggleMenu')}
          onClick={() => setCollapsed(true)}
          style={{ position: 'fixed', inset: 0, zIndex: 99, background: 'rgba(0,0,0,0.45)', border: 0, padding: 0 }}
        />
      )}
      <Layout>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            paddingInline: screens.sm ? 16 : 8,
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            data-testid="menu-toggle"
            aria-label={t('layout.header.toggleMenu')}
            aria-expanded={!collapsed}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((value) => !value)}
          />
          <div style={{ flex: 1 }} />
          <LanguageSelect />
          <Link to="/profile" data-testid="profile-link" aria-label={t('layout.header.profile')} title={t('layout.header.profile')}>
            <Flex align="center" gap={8}>
              <Avatar
                src={avatarUrl}
                icon={avatarUrl ? undefined : <UserOutlined />}
                style={{ backgroundColor: avatarUrl ? undefined : token.colorPrimary }}
              />
              {screens.md && <Typography.Text strong>{name}</Typography.Text>}
            </Flex>
          </Link>
          <Button
            type="text"
            icon={<LogoutOutlined />}
            onClick={handleSignOut}
            data-testid="sign-out"
            aria-label={t('layout.header.signOut')}
          >
            {screens.md ? t('layout.header.signOut') : null}
          </Button>
        </Layout.Header>
        {navigation.state === 'loading' && (
          <Progress
            percent={100}
            status="active"
            showInfo={false}
            size={{ height: 2 }}
            style={{ position: 'absolute', width: '100%', margin: 0, lineHeight: 0 }}
          />
        )}
        <Layout.Content style={{ padding: screens.sm ? 24 : 12 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

export default function PrivateLayout() {
  return (
    <PrivateGuard>
      <ConsoleLayout />
    </PrivateGuard>
  );
}
