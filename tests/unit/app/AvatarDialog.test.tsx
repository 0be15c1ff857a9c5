import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ uploadAvatar: vi.fn(), profile: vi.fn() }));
vi.mock('../../../src/app/services/http', () => ({ accountApi: api, http: {}, confirmLogout: vi.fn() }));
const decoded = vi.hoisted(() => ({ width: 400, height: 300 }));
vi.mock('../../../src/app/dialogs/avatar/cropImage', () => ({
  loadImage: async (src: string) => ({ src, naturalWidth: decoded.width, naturalHeight: decoded.height }),
  drawCrop: () => undefined,
  cropToBlob: async () => new Blob(['png'], { type: 'image/png' }),
}));

import { AvatarDialog } from '../../../src/app/dialogs/avatar/AvatarDialog';
import { i18n } from '../../../src/app/i18n';
import { avatarDialogOpen } from '../../../src/app/state/dialogs';

const pick = (file: File) =>
  fireEvent.change(screen.getByTestId('avatar-file-input'), { target: { files: [file] } });

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  act(() => {
    avatarDialogOpen.value = true;
  });
  render(<AvatarDialog />);
});
afterEach(() => {
  vi.useRealTimers();
  act(() => {
    avatarDialogOpen.value = false;
  });
  cleanup();
});

describe('avatar dialog, step 1', () => {
  it("refuses a file whose type is not an image: 'Image only' in the spec's English, Chinese here", async () => {
    pick(new File(['hello'], 'a.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('avatar-pick-error').textContent).toBe('只能上传图片文件');
    expect(screen.getByTestId('avatar-step').dataset.step).toBe('1');
    await act(() => i18n.changeLanguage('en'));
    pick(new File(['hello'], 'b.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('avatar-pick-error').textContent).toBe('Image only');
    await act(() => i18n.changeLanguage('zh'));
  });

  it('refuses an image over 10240 KB', () => {
    const big = new File([new Uint8Array(10240 * 1024 + 1)], 'big.png', { type: 'image/png' });
    pick(big);
    expect(screen.getByTestId('avatar-pick-error').textContent).toBe('图片大小不能超过 10240KB');
  });

  it('closes on Escape', () => {
    fireEvent.keyDown(document, { key: 'Escape', keyCode: 27 });
    expect(avatarDialogOpen.value).toBe(false);
  });

  it("refuses an image smaller than 200x199 with the spec's message", async () => {
    decoded.width = 200;
    decoded.height = 198;
    await act(async () => pick(new File(['x'], 'a.png', { type: 'image/png' })));
    expect(screen.getByTestId('avatar-pick-error').textContent).toBe('图片尺寸太小，至少需要 200×199 像素');
    decoded.height = 199;
  });

  it('moves to the crop step 200 ms after a good image is picked, and back to step 1 200 ms after 上一步', async () => {
    vi.useFakeTimers();
    await act(async () => pick(new File(['x'], 'a.png', { type: 'image/png' })));
    const step = () => screen.getByTestId('avatar-step').dataset.step;
    act(() => vi.advanceTimersByTime(199));
    expect(step()).toBe('1');
    act(() => vi.advanceTimersByTime(1));
    expect(step()).toBe('2');
    expect(screen.getByTestId('avatar-zoom-value').textContent).toBe('0');
    fireEvent.pointerDown(screen.getByTestId('avatar-zoom-in'), { button: 0 });
    act(() => vi.advanceTimersByTime(120));
    fireEvent.pointerUp(screen.getByTestId('avatar-zoom-in'));
    expect(screen.getByTestId('avatar-zoom-value').textContent).toBe('3');
    fireEvent.pointerDown(screen.getByTestId('avatar-rotate-left'), { button: 0 });
    fireEvent.pointerUp(screen.getByTestId('avatar-rotate-left'));
    expect(screen.getByTestId('avatar-rotation-value').textContent).toBe('-1°');
    fireEvent.click(screen.getByTestId('avatar-back'));
    act(() => vi.advanceTimersByTime(199));
    expect(step()).toBe('2');
    act(() => vi.advanceTimersByTime(1));
    expect(step()).toBe('1');
  });
});
