import { ApiError, type CallOptions } from '../../api/client';
import { Code } from '../../api/envelope';
import { isInUseData } from '../../api/usage.contract';
import { i18n } from '../i18n';
import { confirmDialog } from './confirm';

/**
 * Deletes an asset projects may use (scene, background music, own presenter, private voice). The
 * first try is plain; when the server answers that projects use it (409 with their names), the
 * user is told which and asked, and only a yes sends the delete again with `force`. Answers the
 * delete's result, or null when the user kept the asset. Other refusals throw as the call does
 * (the client has shown their message).
 */
export async function deleteAskingIfUsed<T>(
  remove: (force: boolean, options: CallOptions) => Promise<T>,
): Promise<T | null> {
  try {
    return await remove(false, { handles: [Code.conflict] });
  } catch (error) {
    const inUse =
      error instanceof ApiError && error.code === Code.conflict && isInUseData(error.envelope?.data);
    if (!inUse) throw error;
    const yes = await confirmDialog({
      title: i18n.t('inUse.title'),
      content: error.message,
      confirmText: i18n.t('inUse.confirm'),
      cancelText: i18n.t('inUse.cancel'),
      testId: 'confirm-delete-in-use',
    });
    if (!yes) return null;
    return remove(true, {});
  }
}
