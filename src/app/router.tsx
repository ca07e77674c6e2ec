/**
 * The router, built from the route table, with the guards: guests only on sign-in pages,
 * roles on the rest (a 403 page for the wrong role), a flicker-free first paint from the
 * persisted user hint, and a retry screen when the profile cannot be read. Each guard switches
 * on the session's `kind` (the auth machine's states), exhaustively.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import {
  createBrowserRouter,
  matchPath,
  Navigate,
  Outlet,
  useLocation,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import Button from 'antd/es/button';
import { defineMessage, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { GuestLayout } from '@/app/guest-layout';
import { homePathFor, mayOpen, ROUTES, type AppRoute } from '@/app/routes';
import { ErrorBoundary } from '@/components/error-boundary';
import { FullPageFrame, FullPageSpinner } from '@/components/full-page-state';
import { StatusPage } from '@/components/status-page';
import type { Role } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';
import type { AuthProfileUnavailable } from '@/lib/session/auth-machine';
import { useFriendlyMessage } from '@/lib/i18n/labels';
import { preloadableLazy } from '@/lib/preloadable-lazy';
import { useDeskName } from '@/lib/store/desk-settings-api';
import { retryProfile, selectAuth, signOut } from '@/features/auth/slice/auth-slice';

const loadAppLayout = () => import(/* webpackChunkName: "shell" */ '@/app/app-layout');
const AppLayout = preloadableLazy(loadAppLayout);

/**
 * Loads the signed-in frame's chunks — the frame, and its parts loaded on their own (the bell for
 * staff, the menu drawer on a phone) — so that its first render does not suspend: src/index.tsx
 * waits for this before hydrating a pre-rendered frame (DESIGN §12).
 * @returns a promise that resolves once loaded; rejects when a chunk cannot be fetched.
 */
export function preloadSignedInFrame(parts: { staff: boolean; phone: boolean }): Promise<unknown> {
  return AppLayout.preload()
    .then(loadAppLayout)
    .then(({ loadFrameParts }) => loadFrameParts(parts));
}

/**
 * Sets the document title to the page's, in the current language, followed by the desk's name
 * (its settings' `deskName` once someone is signed in, else the product's).
 */
function useDocumentTitle(title: MessageDescriptor) {
  const intl = useIntl();
  const text = intl.formatMessage(title);
  const name = useDeskName(useAppSelector(selectAuth).kind === 'signedIn');
  useEffect(() => {
    document.title = `${text} · ${name}`;
  }, [text, name]);
}

/** The "Starting Triage…" spinner, while the session is being confirmed. */
function Starting() {
  const intl = useIntl();
  return <FullPageSpinner label={intl.formatMessage({ id: 'app.starting', defaultMessage: 'Starting Triage…' })} />;
}

/** The signed-in frame, loaded on demand (at once when loaded ahead: see `preloadSignedInFrame`). */
function SignedInFrame({ user, children }: { user: UserProfile; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <AppLayout
      user={user}
      fallback={
        <FullPageSpinner label={intl.formatMessage({ id: 'app.opening', defaultMessage: 'Opening Triage…' })} />
      }
    >
      {children}
    </AppLayout>
  );
}

/** Shown when Auth accepted the person but their profile (role) cannot be read. */
function ProfileUnavailable({ session }: { session: AuthProfileUnavailable }) {
  const dispatch = useAppDispatch();
  const friendly = useFriendlyMessage();
  return (
    <FullPageFrame>
      <StatusPage
        kind="warning"
        title={<FormattedMessage id="app.profileUnavailable.title" defaultMessage="Triage cannot reach its database" />}
        actions={
          <>
            <Button type="primary" loading={session.retrying} onClick={() => void dispatch(retryProfile())}>
              <FormattedMessage id="app.retry" defaultMessage="Retry" />
            </Button>
            <Button onClick={() => void dispatch(signOut())}>
              <FormattedMessage id="app.signOut" defaultMessage="Sign out" />
            </Button>
          </>
        }
      >
        <FormattedMessage
          id="app.profileUnavailable.body"
          defaultMessage="You are signed in as {email}, but your profile could not be loaded. {reason}"
          values={{ email: session.email, reason: friendly(session.error) }}
        />
      </StatusPage>
    </FullPageFrame>
  );
}

/** 403: signed in, but this role may not open the page. */
export function Forbidden() {
  return (
    <StatusPage
      kind="forbidden"
      title={<FormattedMessage id="app.forbidden.title" defaultMessage="403 — not for your role" />}
      actions={
        <Button type="primary" href="/">
          <FormattedMessage id="app.goHome" defaultMessage="Go to my home page" />
        </Button>
      }
    >
      <FormattedMessage
        id="app.forbidden.body"
        defaultMessage="Your account cannot open this page. If you think it should, ask an admin to change your role."
      />
    </StatusPage>
  );
}

function unexpectedSession(session: never): never {
  throw new Error(`Unknown auth state ${JSON.stringify(session)}`);
}

/**
 * Where a sign-in lands (DESIGN §1): the address the visitor asked for (`/desk?view=mine`) when
 * their role may open it, else their role's home.
 */
function landingFor(asked: string | undefined, role: Role): string {
  const route = asked ? ROUTES.find((candidate) => matchPath(candidate.path, asked.split('?')[0] ?? '')) : undefined;
  return asked && route && mayOpen(route, role) ? asked : homePathFor(role);
}

function Guarded({ route }: { route: AppRoute }) {
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  // Whether this page was shown to someone signed in: after they sign out (here or in another
  // tab), the next person to sign in must not inherit their page (DESIGN §1).
  const shownSignedIn = useRef(false);
  useEffect(() => {
    if (auth.kind === 'signedIn' || auth.kind === 'profileUnavailable') shownSignedIn.current = true;
  }, [auth.kind]);
  useDocumentTitle(route.title);
  const Screen = route.screen;
  const forGuests = route.access.kind === 'guest';
  const guestScreen = (
    <GuestLayout>
      <Screen />
    </GuestLayout>
  );

  switch (auth.kind) {
    case 'profileUnavailable':
      return <ProfileUnavailable session={auth} />;
    case 'unknown':
      // Guest page: without a hint the person is almost surely signed out, so the form shows at
      // once while the backend loads; with one, wait for the backend's answer rather than flash
      // the form. Other pages: the hint paints the frame at once and the screen waits.
      if (!auth.lastUser) return forGuests ? guestScreen : <Starting />;
      return forGuests ? <Starting /> : <SignedInFrame user={auth.lastUser} />;
    case 'signedOut':
    case 'signingIn':
      if (forGuests) return guestScreen;
      return (
        <Navigate
          to="/sign-in"
          replace
          state={shownSignedIn.current ? null : { from: location.pathname + location.search }}
        />
      );
    case 'signedIn': {
      if (forGuests) {
        const from = (location.state as { from?: string } | null)?.from;
        return <Navigate to={landingFor(from, auth.user.role)} replace />;
      }
      return (
        <SignedInFrame user={auth.user}>{mayOpen(route, auth.user.role) ? <Screen /> : <Forbidden />}</SignedInFrame>
      );
    }
    default:
      return unexpectedSession(auth);
  }
}

function HomeRedirect() {
  const auth = useAppSelector(selectAuth);
  switch (auth.kind) {
    case 'unknown':
      return <Starting />;
    case 'signedIn':
      return <Navigate to={homePathFor(auth.user.role)} replace />;
    case 'profileUnavailable':
      return <Navigate to="/requests" replace />;
    case 'signedOut':
    case 'signingIn':
      return <Navigate to="/sign-in" replace />;
    default:
      return unexpectedSession(auth);
  }
}

const NOT_FOUND_TITLE = defineMessage({ id: 'app.title.notFound', defaultMessage: 'Not found' });

function NotFound() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <FullPageFrame>
      <StatusPage
        kind="not-found"
        title={<FormattedMessage id="app.notFound.title" defaultMessage="404 — no such page" />}
        actions={
          <Button type="primary" href="/">
            <FormattedMessage id="app.goHome" defaultMessage="Go to my home page" />
          </Button>
        }
      >
        <FormattedMessage id="app.notFound.body" defaultMessage="The address may be mistyped, or the page has moved." />
      </StatusPage>
    </FullPageFrame>
  );
}

function RouteError() {
  const error = useRouteError();
  return (
    <FullPageFrame>
      <StatusPage
        kind="error"
        title={<FormattedMessage id="app.routeError.title" defaultMessage="Something went wrong" />}
        actions={
          <Button type="primary" onClick={() => window.location.reload()}>
            <FormattedMessage id="app.reload" defaultMessage="Reload Triage" />
          </Button>
        }
      >
        {error instanceof Error ? (
          error.message
        ) : (
          <FormattedMessage id="app.routeError.body" defaultMessage="The page could not be shown." />
        )}
      </StatusPage>
    </FullPageFrame>
  );
}

/** Pages that moved, and where (the canned replies became macros, DESIGN §3 "Macros"). */
const MOVED: readonly { from: string; to: string }[] = [{ from: '/canned-replies', to: '/macros' }];

/** The route objects, exported for tests (which use a memory router). */
export const routeObjects: RouteObject[] = [
  {
    element: (
      <ErrorBoundary>
        <Outlet />
      </ErrorBoundary>
    ),
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      ...ROUTES.map((route) => ({ path: route.path, element: <Guarded route={route} /> })),
      // Addresses that moved: a bookmark lands on the page that took their place.
      ...MOVED.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** Creates the browser router. */
export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
