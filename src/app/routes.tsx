/**
 * The route table (after Ant Design Pro's `config/routes.ts`): one row per screen with its
 * path, lazy screen, who may see it and its menu entry. It drives the router, the guards and
 * the side menu. Every screen is its own chunk.
 */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import { loadDemoAccounts } from '@/app/backend';
import type { Role } from '@/domain/roles';

/** Who may open a route: signed-out people only, or signed-in people with one of these roles. */
export type RouteAccess = { kind: 'guest' } | { kind: 'roles'; roles: readonly Role[] };

/** One row of the route table. */
export interface AppRoute {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  access: RouteAccess;
  /** Shown in the side menu when present (only to people the access allows). */
  menu?: { label: string; icon: ReactNode };
  /** Document title. */
  title: string;
}

const GUEST: RouteAccess = { kind: 'guest' };
const EVERYONE: RouteAccess = { kind: 'roles', roles: ['customer', 'agent', 'admin'] };
const STAFF: RouteAccess = { kind: 'roles', roles: ['agent', 'admin'] };
const ADMINS: RouteAccess = { kind: 'roles', roles: ['admin'] };

/** Every screen of Triage. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/sign-in',
    title: 'Sign in',
    access: GUEST,
    // The composition root hands the screen what only it knows: this build's demo accounts.
    screen: lazy(() =>
      import(/* webpackChunkName: "sign-in" */ '@/features/auth/screens/sign-in-screen').then(
        ({ default: SignInScreen }) => ({
          default: function SignInRoute() {
            return <SignInScreen loadDemoAccounts={loadDemoAccounts} />;
          },
        }),
      ),
    ),
  },
  {
    path: '/sign-up',
    title: 'Create your account',
    access: GUEST,
    screen: lazy(() => import(/* webpackChunkName: "sign-up" */ '@/features/auth/screens/sign-up-screen')),
  },
  {
    path: '/reset-password',
    title: 'Reset your password',
    access: GUEST,
    screen: lazy(
      () => import(/* webpackChunkName: "reset-password" */ '@/features/auth/screens/reset-password-screen'),
    ),
  },
  {
    path: '/requests',
    title: 'My requests',
    access: EVERYONE,
    menu: { label: 'My requests', icon: <InboxOutlined /> },
    screen: lazy(
      () => import(/* webpackChunkName: "requests" */ '@/features/tickets/requests/screens/my-requests-screen'),
    ),
  },
  {
    path: '/requests/new',
    title: 'New request',
    access: EVERYONE,
    screen: lazy(
      () => import(/* webpackChunkName: "new-request" */ '@/features/tickets/requests/screens/new-request-screen'),
    ),
  },
  {
    path: '/requests/:ticketId',
    title: 'Request',
    access: EVERYONE,
    screen: lazy(() => import(/* webpackChunkName: "request" */ '@/features/tickets/requests/screens/request-screen')),
  },
  {
    path: '/desk',
    title: 'Desk',
    access: STAFF,
    menu: { label: 'Desk', icon: <CustomerServiceOutlined /> },
    screen: lazy(() => import(/* webpackChunkName: "desk" */ '@/features/tickets/queue/screens/desk-screen')),
  },
  {
    path: '/desk/tickets/:ticketId',
    title: 'Ticket',
    access: STAFF,
    screen: lazy(() => import(/* webpackChunkName: "ticket" */ '@/features/tickets/workspace/screens/ticket-screen')),
  },
  {
    path: '/canned-replies',
    title: 'Canned replies',
    access: STAFF,
    menu: { label: 'Canned replies', icon: <ThunderboltOutlined /> },
    screen: lazy(
      () =>
        import(
          /* webpackChunkName: "canned-replies" */ '@/features/tickets/canned-replies/screens/canned-replies-screen'
        ),
    ),
  },
  {
    path: '/admin',
    title: 'Admin',
    access: ADMINS,
    menu: { label: 'Admin', icon: <SettingOutlined /> },
    screen: lazy(() => import(/* webpackChunkName: "admin" */ '@/features/admin/screens/admin-screen')),
  },
];

/** Where a signed-in person lands: the desk for staff, their requests for customers. */
export function homePathFor(role: Role): string {
  return role === 'customer' ? '/requests' : '/desk';
}

/** Whether a role may open a route. */
export function mayOpen(route: AppRoute, role: Role): boolean {
  return route.access.kind === 'roles' && route.access.roles.includes(role);
}
