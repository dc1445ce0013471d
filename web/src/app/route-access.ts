import { matchPath } from 'react-router-dom';
import { can, isRole } from '@wh/contracts/auth/permissions';
import { canOpen, homeRouteOf, PRINT_ROUTES, WEB_ROUTES, type PrintRoute, type WebRoute } from '@wh/contracts/auth/routes';

export function isWebRoute(path: string): path is WebRoute {
  return Object.hasOwn(WEB_ROUTES, path);
}

/** The screen a path belongs to: '/users' and '/users/7' both belong to '/users'. */
export function routeOfPath(pathname: string): WebRoute | undefined {
  const first = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`;
  return isWebRoute(first) ? first : undefined;
}

/** The print view a path opens: '/print/orders/7/pick-list' is '/print/orders/:id/pick-list'. */
export function printRouteOfPath(pathname: string): PrintRoute | undefined {
  return (Object.keys(PRINT_ROUTES) as PrintRoute[]).find((route) => matchPath(route, pathname) !== null);
}

export function mayOpen(role: string, pathname: string): boolean {
  if (!isRole(role)) return false;
  const print = printRouteOfPath(pathname);
  if (print) return can(role, PRINT_ROUTES[print]);
  const route = routeOfPath(pathname);
  return route !== undefined && canOpen(role, route);
}

/**
 * Where a user lands after signing in: back where they came from if their role may open it,
 * otherwise the home route of their role.
 */
export function postLoginTarget(role: string, from?: string | null): string {
  if (from) {
    const pathname = from.split(/[?#]/)[0] ?? '';
    if (mayOpen(role, pathname)) return from;
  }
  return homeRouteOf(role);
}
