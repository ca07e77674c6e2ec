/**
 * The signed-in frame (its own chunk: the sign-in page does not need menus and dropdowns): side menu built from the route table (only what the role may open),
 * a header with the theme toggle and the profile menu, and the screen. On a phone-sized window
 * the side menu is a drawer opened from the header (`phone-menu.tsx`), and the margins shrink.
 */
import { memo, Suspense, useMemo, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useIntl } from 'react-intl';
import AntApp from 'antd/es/app';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import type { MenuItemType } from 'antd/es/menu/interface';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { preloadableLazy } from '@/lib/preloadable-lazy';
import { mayOpen, ROUTES } from '@/app/routes';
import { ConnectionStatus } from '@/components/connection-status';
import { ErrorBoundary } from '@/components/error-boundary';
import Skeleton from 'antd/es/skeleton';
import { isStaff } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';
import { ProfileMenu } from '@/features/auth/components/profile-menu';
import { ThemeToggle } from '@/features/preferences/components/theme-toggle';
import { LanguagePicker } from '@/features/preferences/components/language-picker';
import { AppearanceControlsProvider } from '@/lib/appearance-controls';
import { menuCollapsedChanged, selectMenuCollapsed } from '@/features/preferences/slice/preferences-slice';
import { usePhoneLayout } from '@/lib/use-media-query';
import { useHeadingFocusOnNavigation } from '@/app/heading-focus';
import { useDeskName } from '@/lib/store/desk-settings-api';

/** The theme and language controls, offered again on the account page. */
const APPEARANCE_CONTROLS = (
  <Space wrap>
    <LanguagePicker />
    <ThemeToggle />
  </Space>
);
/** Skeleton shown while a screen's chunk loads or the session is being confirmed. */
function ScreenSkeleton() {
  return (
    <div data-testid="screen-skeleton" style={{ padding: 24 }}>
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}

const loadPhoneMenu = () => import(/* webpackChunkName: "phone-menu" */ '@/app/phone-menu');
const loadDeskNotifications = () =>
  import(/* webpackChunkName: "desk-notifications" */ '@/features/tickets/queue/components/desk-notifications');

/** The side menu as a drawer: its own chunk, fetched only on phone-sized windows. */
const PhoneMenu = preloadableLazy(loadPhoneMenu);

/** Agents' desktop notifications: their own chunk, fetched only for staff. */
const DeskNotifications = preloadableLazy(loadDeskNotifications);

/**
 * Fetches the parts of the frame that load on their own — the notifications bell (staff) and the
 * phone's menu drawer — for a frame about to be hydrated (src/index.tsx, DESIGN §12).
 * @returns a promise that resolves once they are loaded; rejects when one cannot be fetched.
 */
export function loadFrameParts({ staff, phone }: { staff: boolean; phone: boolean }): Promise<unknown> {
  return Promise.all([staff ? DeskNotifications.preload() : null, phone ? PhoneMenu.preload() : null]);
}

/** The side menu's entries: the routes the role may open, labelled in the current language. */
function useMenuItems(role: UserProfile['role']): MenuItem[] {
  const intl = useIntl();
  return useMemo(
    () =>
      ROUTES.filter((route) => route.menu && mayOpen(route, role)).map((route) => ({
        key: route.path,
        icon: route.menu?.icon,
        label: <Link to={route.path}>{route.menu && intl.formatMessage(route.menu.label)}</Link>,
      })),
    [role, intl],
  );
}

/** A side menu entry: the route's path is its key. */
type MenuItem = MenuItemType & { key: string };

/**
 * The desktop side menu. Memoised with the header below: a change of the address's query
 * (a queue filter, a page) re-renders the screen only, not the menu and its tooltips.
 */
const SideMenu = memo(function SideMenu({ items, selected }: { items: MenuItem[]; selected: string | undefined }) {
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector(selectMenuCollapsed);
  const deskName = useDeskName(true);
  const { token } = theme.useToken();
  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      onCollapse={(value) => dispatch(menuCollapsedChanged(value))}
      breakpoint="lg"
      width={220}
      style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
    >
      <div style={{ padding: '18px 20px', whiteSpace: 'nowrap', overflow: 'hidden' }}>
        <Typography.Title
          level={4}
          title={deskName}
          style={{ margin: 0, color: token.colorLink, overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {collapsed ? deskName.charAt(0) : deskName}
        </Typography.Title>
      </div>
      <Menu mode="inline" selectedKeys={selected ? [selected] : []} items={items} style={{ borderInlineEnd: 0 }} />
    </Layout.Sider>
  );
});

/** The header: connection state, desk notifications (staff), language, theme, profile menu; the menu drawer on a phone. */
const HeaderBar = memo(function HeaderBar({
  user,
  phone,
  items,
  selected,
}: {
  user: UserProfile;
  phone: boolean;
  items: MenuItem[];
  selected: string | undefined;
}) {
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: phone ? 'space-between' : 'flex-end',
        paddingInline: phone ? 8 : 24,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {phone && <PhoneMenu items={items} selected={selected} fallback={<span />} />}
      <Space size={phone ? 'small' : 'middle'}>
        <ConnectionStatus />
        {isStaff(user.role) && <DeskNotifications user={user} fallback={null} />}
        <LanguagePicker />
        <ThemeToggle />
        <ProfileMenu user={user} />
      </Space>
    </Layout.Header>
  );
});

/**
 * The frame around every signed-in screen. Without children (the session is still being
 * confirmed from the persisted hint) it shows a skeleton where the screen will be.
 */
export default function AppLayout({ user, children }: { user: UserProfile; children?: ReactNode }) {
  const { pathname } = useLocation();
  const phone = usePhoneLayout();
  const main = useRef<HTMLElement>(null);
  useHeadingFocusOnNavigation(main);
  const items = useMenuItems(user.role);
  // The most specific entry whose path the address starts with: `/admin/mail` is not `/admin`.
  const selected = items
    .filter((item) => pathname === item.key || pathname.startsWith(`${item.key}/`))
    .sort((a, b) => b.key.length - a.key.length)[0]?.key;

  return (
    <AntApp>
      {/* `hasSider` said, not found by antd after mounting: the pre-rendered frame (DESIGN §12) is laid out as a row from its first paint. */}
      <Layout hasSider={!phone} style={{ minHeight: '100vh' }}>
        {!phone && <SideMenu items={items} selected={selected} />}
        <Layout>
          <HeaderBar user={user} phone={phone} items={items} selected={selected} />
          <Layout.Content ref={main} style={{ padding: phone ? 12 : 24 }}>
            <ErrorBoundary resetKey={pathname}>
              <AppearanceControlsProvider value={APPEARANCE_CONTROLS}>
                {/* Without a screen, no Suspense boundary: the pre-rendered frame (DESIGN §12) then
                    has none that would hydrate after the rest of it. */}
                {children ? <Suspense fallback={<ScreenSkeleton />}>{children}</Suspense> : <ScreenSkeleton />}
              </AppearanceControlsProvider>
            </ErrorBoundary>
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
}
