import { FileOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { displayNameOf } from '@ebox/domain';
import { Avatar, Button, Flex, Grid, Layout, Menu, type MenuProps, Typography, theme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { EntityPagesContext } from '../kit/entity-pages';
import { RelatedCreateContext } from '../kit/fields/related-create';
import { useCurrentUser } from './current-user';
import { ENTITY_PAGES } from './entity-pages';
import { LanguageSelect } from './language-select';
import { type MenuEntry, menuFor, menuKeyOf } from './menu';
import { menuIconOf } from './menu-icons';
import { PrivateGuard } from './route-guard';

/** Loaded the first time it opens: most visits never use it. */
const CommandPalette = lazy(() => import('./command-palette'));

/** A relation select's "create" dialog: the related entity's form, loaded only when the user asks for it. */
const RelatedCreateModal = lazy(() => import('../kit/form/related-create-modal'));

/** Ctrl+K (Cmd+K on a Mac) opens the command palette from anywhere in the console. */
function usePaletteShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

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
  // Mounted on first use, then kept so reopening is instant.
  const [palette, setPalette] = useState<'unused' | 'open' | 'closed'>('unused');
  const openPalette = useMemo(() => () => setPalette('open'), []);
  usePaletteShortcut(openPalette);

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
        // Folded to 0 px its links would still be Tab stops, 13 invisible ones: out of reach until it opens.
        inert={collapsed}
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
            // Every entry is a Tab stop of its own (links, and submenu titles through focus.tsx): the list itself is not one more.
            tabIndex={-1}
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
          <Button
            icon={<SearchOutlined />}
            onClick={openPalette}
            data-testid="palette-open"
            // Named by its text where it shows one (the shortcut is then part of the name, as seen).
            aria-label={screens.md ? undefined : t('layout.palette.open')}
            aria-keyshortcuts="Control+K Meta+K"
          >
            {screens.md ? (
              <>
                {t('layout.palette.open')} <Typography.Text keyboard>Ctrl K</Typography.Text>
              </>
            ) : null}
          </Button>
          <LanguageSelect />
          <Link
            to="/profile"
            data-testid="profile-link"
            // The name the link shows (on wider screens) is part of what it is called.
            aria-label={t('layout.header.profileOf', { name })}
            title={t('layout.header.profileOf', { name })}
          >
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
        {palette !== 'unused' && (
          <Suspense fallback={null}>
            <CommandPalette open={palette === 'open'} onClose={() => setPalette('closed')} />
          </Suspense>
        )}
        <Layout.Content id="main-content" tabIndex={-1} style={{ position: 'relative', padding: screens.sm ? 24 : 12 }}>
          {navigation.state === 'loading' && (
            // A bar of our own (global.css) rather than antd's Progress, which weighed on every first
            // screen; inside the main landmark, along its top edge, so no content sits outside a landmark.
            <div
              className="navigation-progress"
              role="progressbar"
              aria-label={t('common.loading')}
              style={{ top: 0, color: token.colorPrimary }}
            />
          )}
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

export default function PrivateLayout() {
  return (
    <PrivateGuard>
      {/* What the kit's pages learn from the app (issue 26): which entities have screens of their own, and a relation select's "create" dialog. */}
      <EntityPagesContext value={ENTITY_PAGES}>
        <RelatedCreateContext value={RelatedCreateModal}>
          <ConsoleLayout />
        </RelatedCreateContext>
      </EntityPagesContext>
    </PrivateGuard>
  );
}
