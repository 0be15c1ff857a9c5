import { createHashRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { AppRoot } from '../layout/AppRoot';
import { FullPageLoader } from '../layout/FullPageLoader';
import { DemoPage } from '../screens/demo/DemoPage';
import { DigitalPeoplePage } from '../screens/digitalPeople/DigitalPeoplePage';
import { ErrorPage } from '../screens/ErrorPage';
import { MyVoicePage } from '../screens/myvoice/MyVoicePage';
import { HelpToolPage } from '../screens/HelpToolPage';
import { HomePage } from '../screens/HomePage';
import { LoginPage } from '../screens/LoginPage';
import { MyPage } from '../screens/MyPage';
import { editorPathFor } from '../screens/projects/format';
import { ProjectKindPage } from '../screens/projects/ProjectKindPage';
import { VideoPage } from '../screens/VideoPage';
import { VirtualPage } from '../screens/virtual/VirtualPage';
import { SubtitlePage } from '../screens/subtitle/SubtitlePage';
import { ThreePage } from '../screens/three/ThreePage';
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
            { path: 'helptool', element: <HelpToolPage /> },
            { path: 'my', element: <MyPage /> },
            { path: 'video', element: <VideoPage /> },
            { path: 'protext', element: <ProjectKindPage kind="text" />, loader: openInEditor },
            { path: 'prowav', element: <ProjectKindPage kind="voice" />, loader: openInEditor },
            { path: 'virtual', element: <VirtualPage /> },
            { path: 'demo', element: <DemoPage /> },
            { path: 'three', element: <ThreePage /> },
            { path: 'myvoice', element: <MyVoicePage /> },
            { path: 'digitalPeople', element: <DigitalPeoplePage /> },
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
