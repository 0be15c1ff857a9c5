import { signal } from '@preact/signals-react';
import type { RouteDef, RouteName } from '../router/routeTable';
import { asyncRoutes } from '../router/routeTable';

/** One visited view in the tabs bar. */
export interface VisitedView {
  /** Path plus query, the key of the tab. */
  fullPath: string;
  path: string;
  name: RouteName;
  affix: boolean;
}

const pinned = (): VisitedView[] =>
  asyncRoutes
    .filter((r) => r.meta.affix)
    .map((r) => ({ fullPath: r.path, path: r.path, name: r.name, affix: true }));

/** Views in the tabs bar, pinned ones first. */
export const visitedViews = signal<VisitedView[]>(pinned());

/** Adds (or updates the query of) the tab for a visited route. */
export function addView(route: RouteDef, fullPath: string): void {
  const views = visitedViews.value;
  const index = views.findIndex((v) => v.path === route.path);
  if (index >= 0) {
    if (views[index].fullPath === fullPath || views[index].affix) return;
    visitedViews.value = views.map((v, i) => (i === index ? { ...v, fullPath } : v));
    return;
  }
  visitedViews.value = [
    ...views,
    { fullPath, path: route.path, name: route.name, affix: !!route.meta.affix },
  ];
}

/** Closes one tab (pinned tabs stay); returns the remaining views. */
export function closeView(path: string): VisitedView[] {
  visitedViews.value = visitedViews.value.filter((v) => v.affix || v.path !== path);
  return visitedViews.value;
}

/** Closes every tab except the pinned ones and this one. */
export function closeOtherViews(path: string): void {
  visitedViews.value = visitedViews.value.filter((v) => v.affix || v.path === path);
}

/** Closes every tab except the pinned ones (logout, role change). */
export function closeAllViews(): void {
  visitedViews.value = pinned();
}
