import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmHost } from '../../../src/app/layout/ConfirmHost';
import { confirmDialog, pendingConfirm } from '../../../src/app/state/confirm';

afterEach(cleanup);

/*
 * Issue 16: a question belongs to the screen that asked it. Leaving the screen answers no and
 * closes the dialog, so 取消合成 asked on 我的 does not follow the user to the editor.
 */
describe('the confirmation dialog', () => {
  it('closes with no when the user goes to another screen', async () => {
    const router = createMemoryRouter(
      [
        {
          // As in AppRoot: one host above every screen, so only the change of screen closes it.
          element: (
            <>
              <ConfirmHost />
              <Outlet />
            </>
          ),
          children: [
            { path: '/my', element: <p>我的</p> },
            { path: '/video', element: <p>编辑器</p> },
          ],
        },
      ],
      { initialEntries: ['/my'] },
    );
    render(<RouterProvider router={router} />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmDialog({
        title: '取消合成',
        content: '确定取消「周会」正在进行的合成吗？',
        confirmText: '取消合成',
        cancelText: '继续合成',
        testId: 'confirm-cancel-compose',
      });
    });
    expect(await screen.findByTestId('confirm-cancel-compose-confirm')).toHaveProperty(
      'textContent',
      '取消合成',
    );
    expect(screen.getByTestId('confirm-cancel-compose-cancel').textContent).toBe('继续合成');
    await act(() => router.navigate('/video'));
    await expect(answer).resolves.toBe(false);
    expect(pendingConfirm.value).toBeNull();
    expect(screen.queryByTestId('confirm-cancel-compose')).toBeNull();
  });
});
