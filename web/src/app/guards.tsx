import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { homeRouteOf } from '@wh/contracts/auth/routes';
import { can, isRole, type Permission } from '@wh/contracts/auth/permissions';
import { FullScreenMessage } from '../components/full-screen-message.tsx';
import { authStatusAtom, signedInUserAtom, signOutReasonAtom } from '../lib/session.ts';
import { AppLayout } from './app-layout.tsx';
import { postLoginTarget } from './route-access.ts';
import { verifyStoredSession } from './session-bootstrap.ts';

const LoginPage = lazy(() => import('../features/auth/components/login-page.tsx').then((m) => ({ default: m.LoginPage })));

interface FromState {
  from?: string;
  /** Set by the root and unknown-path redirects: those are not an origin worth returning to. */
  implicit?: boolean;
}

function fromState(state: unknown): FromState {
  return typeof state === 'object' && state !== null ? (state as FromState) : {};
}

/** Holds every route until the stored token has been checked. */
export function RootRoute() {
  verifyStoredSession();
  const status = useAtomValue(authStatusAtom);
  if (status === 'verifying') return <FullScreenMessage>Verifying authentication...</FullScreenMessage>;
  return <Outlet />;
}

/**
 * Everything except /login: an unauthenticated visitor goes to /login and the origin is remembered. Screens sit in
 * the app's layout; print views (`bare`) are pages of their own.
 */
export function RequireAuth({ bare = false }: { bare?: boolean }) {
  const user = useAtomValue(signedInUserAtom);
  const reason = useAtomValue(signOutReasonAtom);
  const location = useLocation();
  if (!user) {
    const remember = !fromState(location.state).implicit && reason !== 'logout';
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={remember ? { from } : undefined} />;
  }
  return bare ? <Outlet /> : <AppLayout user={user} />;
}

/** A signed-in user whose role lacks the route's permission goes to the home route of their role. */
export function RequireRoute({ route, permission }: { route: string; permission: Permission }) {
  const user = useAtomValue(signedInUserAtom);
  if (!user) return null;
  if (!isRole(user.role) || !can(user.role, permission)) {
    const home = homeRouteOf(user.role);
    return <Navigate to={home === route ? '/dashboard' : home} replace />;
  }
  return <Outlet />;
}

/** /login: a signed-in visitor is redirected to /dashboard; a fresh sign-in goes where postLoginTarget says. */
export function LoginRoute() {
  const user = useAtomValue(signedInUserAtom);
  const location = useLocation();
  const [target, setTarget] = useState<string | null>(null);
  if (user) return <Navigate to={target ?? '/dashboard'} replace />;
  const from = fromState(location.state).from ?? null;
  return (
    <Suspense fallback={<FullScreenMessage>Loading...</FullScreenMessage>}>
      <LoginPage onSignedIn={(signedIn) => setTarget(postLoginTarget(signedIn.role, from))} />
    </Suspense>
  );
}

/** Root and unknown paths. */
export function ToDashboard() {
  return <Navigate to="/dashboard" replace state={{ implicit: true } satisfies FromState} />;
}
