import { createAccountApi } from '../../api/account';
import { createStudioApi } from '../../api/studio';
import { createTimbreApi } from '../../api/timbre';
import { createPresenterApi } from '../../api/presenter';
import { createApiClient } from '../../api/client';
import { API_BASE } from '../config';
import { i18n } from '../i18n';
import { confirmDialog } from '../state/confirm';
import { showMessage } from '../state/messages';
import { getToken, removeToken } from '../state/token';

/**
 * The 'Confirm logout' dialog of spec section 8: the spec's English words on the English interface,
 * their Chinese on the Chinese one.
 */
export function confirmLogout(): Promise<boolean> {
  return confirmDialog({
    title: i18n.t('confirmLogout.title'),
    content: i18n.t('confirmLogout.content'),
    confirmText: i18n.t('confirmLogout.confirm'),
    cancelText: i18n.t('confirmLogout.cancel'),
    testId: 'confirm-logout',
  });
}

/** The app's one HTTP client, wired to the toasts, the confirm dialog and the token. */
export const http = createApiClient({
  baseURL: API_BASE,
  getToken,
  clearToken: removeToken,
  reload: () => window.location.reload(),
  showMessage,
  confirmLogout,
});

/** Auth and user calls. */
export const accountApi = createAccountApi(http);

/** Projects, slides, library, speech and synthesis calls. */
export const studioApi = createStudioApi(http);

/** Private voices (我的音色) and their text-to-speech tasks. */
export const timbreApi = createTimbreApi(http);

/** 我的数字人: the user's own presenters. */
export const presenterApi = createPresenterApi(http);
