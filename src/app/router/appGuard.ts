import { i18n } from '../i18n';
import { progress } from '../services/progress';
import { showMessage } from '../state/messages';
import { generateRoutes, permittedRoutes } from '../state/routes';
import { getInfo, resetToken, roles } from '../state/session';
import { getToken, setToken } from '../state/token';
import { createGuard } from './guard';
import type { RouteDef } from './routeTable';

/** Browser title for a route, e.g. 首页 - 数字人视频工作台. */
export function pageTitle(route: RouteDef): string {
  return `${i18n.t(`route.${route.name}`)} - ${i18n.t('app.name')}`;
}

/** The guard wired to the app's session, routes, messages and progress bar. */
export const appGuard = createGuard({
  getToken,
  setToken,
  resetToken,
  hasRoles: () => roles.value.length > 0,
  // The guard reports the failure itself, so the call shows neither toast nor logout dialog.
  loadUser: () => getInfo({ quiet: true }),
  generateRoutes,
  routes: () => permittedRoutes.value,
  showError: (text) => showMessage('error', text),
  progressStart: progress.start,
  progressDone: progress.done,
  setTitle: (route) => {
    document.title = pageTitle(route);
  },
  schedule: (fn, ms) => {
    setTimeout(fn, ms);
  },
});
