/**
 * The route table (after Ant Design Pro's `config/routes.ts`): one row per screen with its
 * path, lazy screen, who may see it and its menu entry. It drives the router, the guards and
 * the side menu. Every screen is its own chunk.
 */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { loadDemoAccounts } from '@/app/backend';
import type { Role } from '@/domain/roles';

/** Each page's title (the document title, and the side menu's label). */
const TITLES = defineMessages({
  signIn: { id: 'app.title.signIn', defaultMessage: 'Sign in' },
  signUp: { id: 'app.title.signUp', defaultMessage: 'Create your account' },
  resetPassword: { id: 'app.title.resetPassword', defaultMessage: 'Reset your password' },
  requests: { id: 'app.title.requests', defaultMessage: 'My requests' },
  newRequest: { id: 'app.title.newRequest', defaultMessage: 'New request' },
  request: { id: 'app.title.request', defaultMessage: 'Request' },
  desk: { id: 'app.title.desk', defaultMessage: 'Desk' },
  ticket: { id: 'app.title.ticket', defaultMessage: 'Ticket' },
  person: { id: 'app.title.person', defaultMessage: 'Person' },
  macros: { id: 'app.title.macros', defaultMessage: 'Macros' },
  reports: { id: 'app.title.reports', defaultMessage: 'Reports' },
  admin: { id: 'app.title.admin', defaultMessage: 'Admin' },
  outgoingMail: { id: 'app.title.outgoingMail', defaultMessage: 'Outgoing mail' },
  deskSettings: { id: 'app.title.deskSettings', defaultMessage: 'Desk settings' },
  customFields: { id: 'app.title.customFields', defaultMessage: 'Ticket fields' },
  automations: { id: 'app.title.automations', defaultMessage: 'Automations' },
  account: { id: 'app.title.account', defaultMessage: 'Your account' },
});

/** Who may open a route: signed-out people only, or signed-in people with one of these roles. */
export type RouteAccess = { kind: 'guest' } | { kind: 'roles'; roles: readonly Role[] };

/** One row of the route table. */
export interface AppRoute {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  access: RouteAccess;
  /** Shown in the side menu when present (only to people the access allows). */
  menu?: { label: MessageDescriptor; icon: ReactNode };
  /** Document title (and the menu's label), in every language (DESIGN §8). */
  title: MessageDescriptor;
  /**
   * The `webpackChunkName` of the screen's import: the build preloads that chunk for an address
   * of this route (DESIGN §12), and fails when no chunk has this name.
   */
  chunk: string;
}

const GUEST: RouteAccess = { kind: 'guest' };
const EVERYONE: RouteAccess = { kind: 'roles', roles: ['customer', 'agent', 'admin'] };
const STAFF: RouteAccess = { kind: 'roles', roles: ['agent', 'admin'] };
const ADMINS: RouteAccess = { kind: 'roles', roles: ['admin'] };

/** Every screen of Triage. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/sign-in',
    chunk: 'sign-in',
    title: TITLES.signIn,
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
    chunk: 'sign-up',
    title: TITLES.signUp,
    access: GUEST,
    screen: lazy(() => import(/* webpackChunkName: "sign-up" */ '@/features/auth/screens/sign-up-screen')),
  },
  {
    path: '/reset-password',
    chunk: 'reset-password',
    title: TITLES.resetPassword,
    access: GUEST,
    screen: lazy(
      () => import(/* webpackChunkName: "reset-password" */ '@/features/auth/screens/reset-password-screen'),
    ),
  },
  {
    // An invitation's link (DESIGN §1 "Invitations"); its id and secret are in the fragment. The
    // invitee creates their account there: the sign-up page's title.
    path: '/invitation',
    chunk: 'invitation',
    title: TITLES.signUp,
    access: GUEST,
    screen: lazy(() => import(/* webpackChunkName: "invitation" */ '@/features/auth/screens/invitation-screen')),
  },
  {
    path: '/requests',
    chunk: 'requests',
    title: TITLES.requests,
    access: EVERYONE,
    menu: { label: TITLES.requests, icon: <InboxOutlined /> },
    screen: lazy(
      () => import(/* webpackChunkName: "requests" */ '@/features/tickets/requests/screens/my-requests-screen'),
    ),
  },
  {
    path: '/requests/new',
    chunk: 'new-request',
    title: TITLES.newRequest,
    access: EVERYONE,
    screen: lazy(
      () => import(/* webpackChunkName: "new-request" */ '@/features/tickets/requests/screens/new-request-screen'),
    ),
  },
  {
    path: '/requests/:ticketId',
    chunk: 'request',
    title: TITLES.request,
    access: EVERYONE,
    screen: lazy(() => import(/* webpackChunkName: "request" */ '@/features/tickets/requests/screens/request-screen')),
  },
  {
    path: '/desk',
    chunk: 'desk',
    title: TITLES.desk,
    access: STAFF,
    menu: { label: TITLES.desk, icon: <CustomerServiceOutlined /> },
    screen: lazy(() => import(/* webpackChunkName: "desk" */ '@/features/tickets/queue/screens/desk-screen')),
  },
  {
    path: '/desk/tickets/:ticketId',
    chunk: 'ticket',
    title: TITLES.ticket,
    access: STAFF,
    screen: lazy(() => import(/* webpackChunkName: "ticket" */ '@/features/tickets/workspace/screens/ticket-screen')),
  },
  {
    path: '/desk/people/:uid',
    chunk: 'person',
    title: TITLES.person,
    access: STAFF,
    screen: lazy(() => import(/* webpackChunkName: "person" */ '@/features/tickets/people/screens/person-screen')),
  },
  {
    path: '/macros',
    chunk: 'macros',
    title: TITLES.macros,
    access: STAFF,
    menu: { label: TITLES.macros, icon: <ThunderboltOutlined /> },
    screen: lazy(() => import(/* webpackChunkName: "macros" */ '@/features/tickets/macros/screens/macros-screen')),
  },
  {
    path: '/reports',
    chunk: 'reports',
    title: TITLES.reports,
    access: STAFF,
    menu: { label: TITLES.reports, icon: <BarChartOutlined /> },
    screen: lazy(() => import(/* webpackChunkName: "reports" */ '@/features/reports/screens/reports-screen')),
  },
  {
    path: '/admin',
    chunk: 'admin',
    title: TITLES.admin,
    access: ADMINS,
    menu: { label: TITLES.admin, icon: <SettingOutlined /> },
    screen: lazy(() => import(/* webpackChunkName: "admin" */ '@/features/admin/screens/admin-screen')),
  },
  {
    path: '/admin/mail',
    chunk: 'outgoing-mail',
    title: TITLES.outgoingMail,
    access: ADMINS,
    menu: { label: TITLES.outgoingMail, icon: <MailOutlined /> },
    screen: lazy(() => import(/* webpackChunkName: "outgoing-mail" */ '@/features/admin/screens/outgoing-mail-screen')),
  },
  {
    path: '/admin/settings',
    chunk: 'desk-settings',
    title: TITLES.deskSettings,
    access: ADMINS,
    menu: { label: TITLES.deskSettings, icon: <SettingOutlined /> },
    screen: lazy(() => import(/* webpackChunkName: "desk-settings" */ '@/features/admin/screens/desk-settings-screen')),
  },
  {
    path: '/admin/fields',
    chunk: 'custom-fields',
    title: TITLES.customFields,
    access: ADMINS,
    menu: { label: TITLES.customFields, icon: <SettingOutlined /> },
    screen: lazy(() => import(/* webpackChunkName: "custom-fields" */ '@/features/admin/screens/custom-fields-screen')),
  },
  {
    path: '/admin/automations',
    chunk: 'automations',
    title: TITLES.automations,
    access: ADMINS,
    menu: { label: TITLES.automations, icon: <SettingOutlined /> },
    screen: lazy(() => import(/* webpackChunkName: "automations" */ '@/features/admin/screens/automations-screen')),
  },
  {
    path: '/account',
    chunk: 'account',
    title: TITLES.account,
    access: EVERYONE,
    screen: lazy(() => import(/* webpackChunkName: "account" */ '@/features/account/screens/account-screen')),
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
