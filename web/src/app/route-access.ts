import { isRole } from '@wh/contracts/auth/permissions';
import { canOpen, homeRouteOf, WEB_ROUTES, type WebRoute } from '@wh/contracts/auth/routes';

export function isWebRoute(path: string): path is WebRoute {
  return Object.hasOwn(WEB_ROUTES, path);
}

/** The screen a path belongs to: '/users' and '/users/7' both belong to '/users'. */
export function routeOfPath(pathname: string): WebRoute | undefined {
  const first = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`;
  return isWebRoute(first) ? first : undefined;
}

export function mayOpen(role: string, pathname: string): boolean {
  const route = routeOfPath(pathname);
  return route !== undefined && isRole(role) && canOpen(role, route);
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
