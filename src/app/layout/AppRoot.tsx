import { useEffect } from 'react';
import { Outlet, useLoaderData } from 'react-router-dom';
import { i18n } from '../i18n';
import { pageTitle } from '../router/appGuard';
import { asyncRoutes, constantRoutes, type RouteName } from '../router/routeTable';
import { ConfirmHost } from './ConfirmHost';
import { MessageHost } from './MessageHost';

/** Root of every screen: the page plus the app-wide toasts and confirmation dialog. */
export function AppRoot() {
  const routeName = useLoaderData() as RouteName | undefined;

  // The guard sets the title on navigation; a language switch re-titles the current page.
  useEffect(() => {
    const retitle = () => {
      const route = [...constantRoutes, ...asyncRoutes].find((r) => r.name === routeName);
      if (route) document.title = pageTitle(route);
    };
    i18n.on('languageChanged', retitle);
    return () => i18n.off('languageChanged', retitle);
  }, [routeName]);

  return (
    <>
      <Outlet />
      <MessageHost />
      <ConfirmHost />
    </>
  );
}
