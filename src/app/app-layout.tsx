/**
 * The signed-in frame: side menu built from the route table (only what the role may open),
 * a header with the theme toggle and the profile menu, and the screen.
 */
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { mayOpen, ROUTES } from '@/app/routes';
import { ErrorBoundary } from '@/components/error-boundary';
import type { UserProfile } from '@/domain/types';
import { ProfileMenu } from '@/features/auth/components/profile-menu';
import { ThemeToggle } from '@/features/preferences/components/theme-toggle';
import { menuCollapsedChanged, selectMenuCollapsed } from '@/features/preferences/slice/preferences-slice';

/** Skeleton shown while a screen's chunk loads or the session is being confirmed. */
export function ScreenSkeleton() {
  return (
    <div data-testid="screen-skeleton" style={{ padding: 24 }}>
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}

/** The frame around every signed-in screen. */
export function AppLayout({ user, children }: { user: UserProfile; children: ReactNode }) {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector(selectMenuCollapsed);
  const { token } = theme.useToken();
  const items = ROUTES.filter((route) => route.menu && mayOpen(route, user.role)).map((route) => ({
    key: route.path,
    icon: route.menu?.icon,
    label: <Link to={route.path}>{route.menu?.label}</Link>,
  }));
  const selected = items.find((item) => location.pathname.startsWith(item.key))?.key;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={(value) => dispatch(menuCollapsedChanged(value))}
        breakpoint="lg"
        width={220}
        style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}
      >
        <div style={{ padding: '18px 20px', whiteSpace: 'nowrap', overflow: 'hidden' }}>
          <Typography.Title level={4} style={{ margin: 0, color: token.colorPrimary }}>
            {collapsed ? 'T' : 'Triage'}
          </Typography.Title>
        </div>
        <Menu mode="inline" selectedKeys={selected ? [selected] : []} items={items} style={{ borderInlineEnd: 0 }} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            paddingInline: 24,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Space size="middle">
            <ThemeToggle />
            <ProfileMenu user={user} />
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <ErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<ScreenSkeleton />}>{children}</Suspense>
          </ErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The frame around sign-in, sign-up and reset: a centred card column with the brand. */
export function GuestLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Layout.Content style={{ display: 'flex', justifyContent: 'center', padding: '48px 16px' }}>
        <div style={{ width: '100%', maxWidth: 440 }}>
          <Space direction="vertical" size={4} style={{ width: '100%', textAlign: 'center', marginBottom: 24 }}>
            <Typography.Title level={2} style={{ margin: 0, color: token.colorPrimary }}>
              Triage
            </Typography.Title>
            <Typography.Text type="secondary">The support desk that keeps up with you.</Typography.Text>
          </Space>
          <ErrorBoundary>
            <Suspense fallback={<Skeleton active />}>{children}</Suspense>
          </ErrorBoundary>
        </div>
      </Layout.Content>
    </Layout>
  );
}
