import { computed, signal } from '@preact/signals-react';
import { asyncRoutes, constantRoutes, filterAsyncRoutes, type RouteDef } from '../router/routeTable';

/** Async routes generated for the current roles; empty until user info is loaded. */
export const addedRoutes = signal<RouteDef[]>([]);

/** Every route the current user may open. */
export const permittedRoutes = computed(() => [...constantRoutes, ...addedRoutes.value]);

/** Generates the routes for these roles (spec section 6) and returns them. */
export function generateRoutes(roles: readonly string[]): RouteDef[] {
  const routes = filterAsyncRoutes(asyncRoutes, roles);
  addedRoutes.value = routes;
  return routes;
}

/** Forgets generated routes (logout). */
export function resetRoutes(): void {
  addedRoutes.value = [];
}
