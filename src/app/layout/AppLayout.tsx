import { useEffect } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router-dom';
import { AvatarDialog } from '../dialogs/avatar/AvatarDialog';
import { PasswordDialog } from '../dialogs/password/PasswordDialog';
import { PointsDialog } from '../dialogs/points/PointsDialog';
import { asyncRoutes, type RouteName } from '../router/routeTable';
import { addView } from '../state/tagsView';
import { KeptOutlet } from './KeptOutlet';
import { NavBar } from './NavBar';
import { TagsView } from './TagsView';

/** Signed-in screens: navigation bar, tabs of visited views, the page, and the account dialogs. */
export function AppLayout() {
  const location = useLocation();
  const routeName = useRouteLoaderData('root') as RouteName | undefined;

  useEffect(() => {
    const route = asyncRoutes.find((r) => r.name === routeName);
    if (route) addView(route, `${location.pathname}${location.search}`);
  }, [routeName, location.pathname, location.search]);

  return (
    <div className="ps-app">
      <NavBar />
      <TagsView />
      <main className="ps-main">
        <KeptOutlet />
      </main>
      <PasswordDialog />
      <AvatarDialog />
      <PointsDialog />
    </div>
  );
}
