import type { Translation } from '../i18n/zh';

/** Name of a route; also its key in the `route` and `routeDesc` translations. */
export type RouteName = keyof Translation['route'];

/** What the guard, the menu and the tabs bar need to know about a route. */
export interface RouteMeta {
  /** Roles allowed to open the route; absent means every signed-in role (spec section 6). */
  roles?: string[];
  /** Pinned in the tabs bar (cannot be closed). */
  affix?: boolean;
  /** The view is not kept when its tab is left. */
  noCache?: boolean;
  /** Shown as a menu item in the navigation bar. */
  menu?: boolean;
  /** A query parameter the route cannot open without (the editor needs videoid). */
  requiredQuery?: string;
}

export interface RouteDef {
  path: string;
  name: RouteName;
  meta: RouteMeta;
}

/** Routes anyone may open (spec section 6: /login, /404 and /401). */
export const constantRoutes: RouteDef[] = [
  { path: '/login', name: 'login', meta: {} },
  { path: '/404', name: 'notFound', meta: {} },
  { path: '/401', name: 'unauthorized', meta: {} },
];

/** Paths the guard lets through without a token. */
export const WHITE_LIST: readonly string[] = constantRoutes.map((r) => r.path);

/** Routes generated from the user's roles after login (spec section 2). */
export const asyncRoutes: RouteDef[] = [
  { path: '/', name: 'home', meta: { affix: true, menu: true } },
  { path: '/helptool', name: 'helptool', meta: { menu: true } },
  { path: '/my', name: 'my', meta: { menu: true } },
  { path: '/protext', name: 'protext', meta: {} },
  { path: '/prowav', name: 'prowav', meta: {} },
  { path: '/video', name: 'video', meta: { requiredQuery: 'videoid', noCache: true } },
  { path: '/virtual', name: 'virtual', meta: {} },
  { path: '/demo', name: 'demo', meta: {} },
  // Not kept hidden in a tab: a hidden player would go on playing and hear the Space key.
  { path: '/three', name: 'three', meta: { noCache: true } },
  { path: '/myvoice', name: 'myvoice', meta: {} },
  { path: '/digitalPeople', name: 'digitalPeople', meta: {} },
  { path: '/subtitle', name: 'subtitle', meta: {} },
];

/** The role that receives every async route. */
export const ADMIN_ROLE = 'admin';

/** Async routes the roles may open: admin gets all, others those whose meta.roles they hold (or none set). */
export function filterAsyncRoutes(routes: readonly RouteDef[], roles: readonly string[]): RouteDef[] {
  if (roles.includes(ADMIN_ROLE)) return [...routes];
  return routes.filter((r) => !r.meta.roles || r.meta.roles.some((role) => roles.includes(role)));
}

/** The route with exactly this path, if any. */
export function findRoute(routes: readonly RouteDef[], pathname: string): RouteDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((r) => r.path === path);
}
