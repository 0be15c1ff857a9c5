import { afterEach, describe, expect, it, vi } from 'vitest';
import { avatarMessages } from '../../../src/model/account';
import {
  checkAvatarDimensions,
  checkAvatarFile,
  normalizeRotation,
  percentFromZoom,
  zoomFromPercent,
} from '../../../src/app/dialogs/avatar/avatarRules';
import { rotatedSize } from '../../../src/app/dialogs/avatar/cropImage';
import { detectLanguage } from '../../../src/app/i18n/detectLanguage';
import { closeMessage, showMessage, toasts } from '../../../src/app/state/messages';
import { throttle } from '../../../src/app/state/throttle';
import {
  addView,
  closeAllViews,
  closeOtherViews,
  closeView,
  visitedViews,
} from '../../../src/app/state/tagsView';
import { asyncRoutes } from '../../../src/app/router/routeTable';

describe('avatar rules', () => {
  it('checks type, then size (10240 KB)', () => {
    expect(checkAvatarFile({ type: 'text/plain', size: 10 })).toBe(avatarMessages.notImage);
    expect(checkAvatarFile({ type: '', size: 10 })).toBe('Image only');
    expect(checkAvatarFile({ type: 'image/png', size: 10240 * 1024 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/jpeg', size: 10240 * 1024 + 1 })).toBe(
      'Image exceeds size limit: 10240kb',
    );
  });

  it('needs at least 200x199 pixels', () => {
    expect(checkAvatarDimensions(200, 199)).toBeNull();
    expect(checkAvatarDimensions(199, 500)).toBe("Image's size is too low. Expected at least: 200*199");
    expect(checkAvatarDimensions(500, 198)).toBe(avatarMessages.tooSmall);
  });

  it('maps the 0-100 zoom slider to the cropper zoom and back', () => {
    expect(zoomFromPercent(0)).toBe(1);
    for (const p of [0, 1, 37, 99, 100]) expect(percentFromZoom(zoomFromPercent(p))).toBe(p);
    expect(percentFromZoom(99)).toBe(100);
  });

  it('keeps rotation within -180..180', () => {
    expect(normalizeRotation(181)).toBe(-179);
    expect(normalizeRotation(-181)).toBe(179);
    expect(normalizeRotation(180)).toBe(180);
    expect(normalizeRotation(45)).toBe(45);
  });

  it('computes the box of a rotated image', () => {
    expect(rotatedSize(200, 100, 90).width).toBeCloseTo(100);
    expect(rotatedSize(200, 100, 90).height).toBeCloseTo(200);
  });
});

describe('language', () => {
  it('picks among en, zh, es, ja from the browser, falls back to en, honours a stored choice', () => {
    expect(detectLanguage(['zh-CN', 'en'])).toBe('zh');
    expect(detectLanguage(['en-US'])).toBe('en');
    expect(detectLanguage(['es-ES'])).toBe('en');
    expect(detectLanguage(['ja'])).toBe('zh');
    expect(detectLanguage(['fr-FR', 'de'])).toBe('en');
    expect(detectLanguage(['fr-FR', 'zh-TW'])).toBe('zh');
    expect(detectLanguage(['zh-CN'], 'en')).toBe('en');
    expect(detectLanguage(['en'], 'xx')).toBe('en');
  });
});

describe('throttle', () => {
  it('runs at most once per interval', () => {
    let now = 0;
    const fn = vi.fn();
    const t = throttle(fn, 2000, () => now);
    t();
    now = 1999;
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    now = 2000;
    t();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('messages', () => {
  afterEach(() => {
    vi.useRealTimers();
    for (const t of toasts.value) closeMessage(t.id);
  });

  it('closes a toast after 5 s and does not stack the same text twice', () => {
    vi.useFakeTimers();
    showMessage('error', '未知错误');
    showMessage('success', '登出成功');
    vi.advanceTimersByTime(3000);
    showMessage('error', '未知错误');
    expect(toasts.value.map((t) => t.text)).toEqual(['未知错误', '登出成功']);
    vi.advanceTimersByTime(2000);
    expect(toasts.value.map((t) => t.text)).toEqual(['未知错误']);
    vi.advanceTimersByTime(2999);
    expect(toasts.value).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.value).toEqual([]);
  });

  it('shows at most three, a new one closing the oldest that is not an error', () => {
    showMessage('error', '上传失败');
    showMessage('success', '已插入 magenta');
    showMessage('success', '已插入 blink');
    showMessage('success', '保存成功');
    expect(toasts.value.map((t) => t.text)).toEqual(['上传失败', '已插入 blink', '保存成功']);
    showMessage('error', '网络错误');
    showMessage('error', '未知错误');
    expect(toasts.value.map((t) => t.text)).toEqual(['上传失败', '网络错误', '未知错误']);
    showMessage('error', '积分不足');
    expect(toasts.value.map((t) => t.text)).toEqual(['网络错误', '未知错误', '积分不足']);
  });
});

describe('tabs of visited views', () => {
  it('keeps 首页 pinned, adds, closes and closes all', () => {
    closeAllViews();
    const [home, helptool, my] = asyncRoutes;
    addView(helptool, '/helptool');
    addView(my, '/my');
    addView(my, '/my');
    addView(home, '/');
    expect(visitedViews.value.map((v) => v.path)).toEqual(['/', '/helptool', '/my']);
    closeView('/');
    closeView('/helptool');
    expect(visitedViews.value.map((v) => v.path)).toEqual(['/', '/my']);
    addView(helptool, '/helptool');
    closeOtherViews('/helptool');
    expect(visitedViews.value.map((v) => v.path)).toEqual(['/', '/helptool']);
    closeAllViews();
    expect(visitedViews.value.map((v) => v.path)).toEqual(['/']);
  });
});
