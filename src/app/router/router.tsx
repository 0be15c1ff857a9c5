import { createHashRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { AppRoot } from '../layout/AppRoot';
import { FullPageLoader } from '../layout/FullPageLoader';
import { DemoPage } from '../screens/demo/DemoPage';
import { ErrorPage } from '../screens/ErrorPage';
import { MyVoicePage } from '../screens/myvoice/MyVoicePage';
import { HomePage } from '../screens/HomePage';
import { LoginPage } from '../screens/LoginPage';
import { MyPage } from '../screens/MyPage';
import { editorPathFor } from '../screens/projects/format';
import { ProjectKindPage } from '../screens/projects/ProjectKindPage';
import { SubtitlePage } from '../screens/subtitle/SubtitlePage';
import { appGuard } from './appGuard';
import type { Guard } from './guard';

/** Runs the guard before every navigation; a redirect replaces the navigation. */
export function guardLoader(guard: Guard) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = await guard.navigate({ pathname: url.pathname, search: url.search });
    if (decision.kind === 'redirect') throw redirect(decision.to);
    return decision.route.name;
  };
}

/** /protext and /prowav with ?videoid=N open that project in the editor (spec section 2). */
function openInEditor({ request }: LoaderFunctionArgs) {
  const to = editorPathFor(new URL(request.url).search);
  if (to) throw redirect(to);
  return null;
}

/*
 * The screens that draw on a PixiJS stage (the editor at /video, 数字人形象库, 我的数字人, 全片预览 and
 * the tools' presenter gallery) load with their route: PixiJS and the stage are about half of the
 * app's script, which the login screen, the home centre and 我的 do not need.
 */
const virtual = async () => ({ Component: (await import('../screens/virtual/VirtualPage')).VirtualPage });
const three = async () => ({ Component: (await import('../screens/three/ThreePage')).ThreePage });
const digitalPeople = async () => ({
  Component: (await import('../screens/digitalPeople/DigitalPeoplePage')).DigitalPeoplePage,
});
const video = async () => ({ Component: (await import('../screens/VideoPage')).VideoPage });
const helpTool = async () => ({ Component: (await import('../screens/HelpToolPage')).HelpToolPage });
/** Every screen loaded with its route (tests load them first, as a browser that has them cached). */
export const LAZY_SCREENS = [virtual, three, digitalPeople, video, helpTool];

/** The route tree of spec section 2; access is decided by the guard, not by the tree. */
export function appRoutes(guard: Guard): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <AppRoot />,
      loader: guardLoader(guard),
      shouldRevalidate: () => true,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        { path: 'login', element: <LoginPage /> },
        { path: '404', element: <ErrorPage kind="notFound" /> },
        { path: '401', element: <ErrorPage kind="unauthorized" /> },
        {
          element: <AppLayout />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'helptool', lazy: helpTool },
            { path: 'my', element: <MyPage /> },
            { path: 'video', lazy: video },
            { path: 'protext', element: <ProjectKindPage kind="text" />, loader: openInEditor },
            { path: 'prowav', element: <ProjectKindPage kind="voice" />, loader: openInEditor },
            { path: 'virtual', lazy: virtual },
            { path: 'demo', element: <DemoPage /> },
            { path: 'three', lazy: three },
            { path: 'myvoice', element: <MyVoicePage /> },
            { path: 'digitalPeople', lazy: digitalPeople },
            { path: 'subtitle', element: <SubtitlePage /> },
          ],
        },
        { path: '*', element: <ErrorPage kind="notFound" /> },
      ],
    },
  ];
}

/** The app's hash router (URLs look like /home/#/login). */
export function createAppRouter() {
  return createHashRouter(appRoutes(appGuard));
}
