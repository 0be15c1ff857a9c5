import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../src/app/i18n';
import { confirmLogout } from '../../../src/app/services/http';
import { pendingConfirm } from '../../../src/app/state/confirm';

/*
 * Issue 16: the spec gives the logged-out dialog in English ('Confirm logout', Re-Login, Cancel).
 * The English interface keeps those words; the Chinese one says them in Chinese.
 */
describe('the logged-out dialog', () => {
  afterEach(async () => {
    pendingConfirm.value?.resolve(false);
    await i18n.changeLanguage('zh');
  });

  it.each([
    ['zh', '登录已失效', '重新登录', '取消'],
    ['en', 'Confirm logout', 'Re-Login', 'Cancel'],
  ])('speaks %s', async (lang, title, confirm, cancel) => {
    await i18n.changeLanguage(lang);
    void confirmLogout();
    expect(pendingConfirm.value).toMatchObject({ title, confirmText: confirm, cancelText: cancel });
  });
});
