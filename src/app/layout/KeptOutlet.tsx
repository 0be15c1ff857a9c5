import { useSignals } from '@preact/signals-react/runtime';
import { useRef, type ReactNode } from 'react';
import { useLocation, useOutlet, useRouteLoaderData } from 'react-router-dom';
import { asyncRoutes, type RouteName } from '../router/routeTable';
import { visitedViews } from '../state/tagsView';

/**
 * The page outlet with view caching (spec section 2): a view stays mounted, hidden, while its tab is
 * open, unless its route is flagged noCache; closing the tab drops it.
 */
export function KeptOutlet() {
  useSignals();
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const routeName = useRouteLoaderData('root') as RouteName | undefined;
  const cache = useRef(new Map<string, ReactNode>());
  const route = asyncRoutes.find((r) => r.name === routeName);
  const open = new Set(visitedViews.value.map((v) => v.path));

  // Kept views are remembered by path; the map only ever holds views whose tab is still open.
  const kept = cache.current;
  for (const key of [...kept.keys()]) if (key !== pathname && !open.has(key)) kept.delete(key);
  if (route && !route.meta.noCache) kept.set(pathname, outlet);
  else kept.delete(pathname);

  const entries = [...kept.entries()];
  const active = kept.has(pathname);
  return (
    <>
      {entries.map(([key, element]) => (
        <div key={key} className="ps-view" hidden={key !== pathname}>
          {element}
        </div>
      ))}
      {!active && <div className="ps-view">{outlet}</div>}
    </>
  );
}
