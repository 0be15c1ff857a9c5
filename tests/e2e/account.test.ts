import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photographAtLaptopSizes, screenshot } from './helpers/browser';
import { toasts } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';

describe('account flows in Chromium through the real server', () => {
  // Logging in is what this file tests.
  const { server, page } = useE2eSession({ login: false });

  async function login(username: string, password: string) {
    await page.fill(tid('login-username'), username);
    await page.fill(tid('login-password'), password);
    await page.click(tid('login-submit'));
  }

  it('prints where to open the app and how to log in', () => {
    expect(server.output()).toContain('/home/');
    expect(server.output()).toContain('demo / demo123456');
  });

  it('shows the server message for a wrong password', async () => {
    await page.goto(`${server.url}/home/#/login`);
    await page.waitForSelector(tid('login-form'));
    await screenshot(page, 'login');
    await login('demo', 'wrong-password');
    await expect.poll(() => page.textContent(tid('login-error'))).toContain('用户名或密码错误');
    // Said once, above the form: no toast repeats it.
    expect(await toasts(page)).not.toContain('用户名或密码错误');
  });

  it('sends a logged-out visit of /my to login and back to /my after logging in', async () => {
    await page.goto(`${server.url}/home/#/my`);
    await page.waitForSelector(tid('login-form'));
    expect(page.url()).toContain('redirect=%2Fmy');
    await login('demo', 'demo123456');
    await page.waitForSelector(tid('page-my'));
    expect(page.url()).toMatch(/#\/my$/);
  });

  it('shows avatar, name and points in the bar', async () => {
    await page.goto(`${server.url}/home/#/`);
    await page.waitForSelector(tid('page-home'));
    expect(await page.textContent(tid('user-name'))).toContain('demo');
    expect(await page.getAttribute(tid('user-avatar'), 'src')).toContain('default-avatar');
    await page.click(tid('user-menu'));
    expect((await page.textContent(tid('user-points')))?.trim()).toBe('1000');
    await screenshot(page, 'home');
    await page.keyboard.press('Escape');
  });

  it('changes the password after checking the rules', async () => {
    await page.click(tid('user-menu'));
    await page.click(tid('menu-password'));
    await page.waitForSelector(tid('password-dialog'));
    await page.fill(tid('pwd-new'), 'abc');
    await page.locator(tid('pwd-new')).blur();
    await expect.poll(() => page.textContent(tid('pwd-new-error'))).toContain('长度最低在 6 个字符');
    await screenshot(page, 'password-dialog');
    // A wrong old password is said once, in the dialog, and goes as soon as it is edited.
    await page.fill(tid('pwd-old'), 'not-my-password');
    await page.fill(tid('pwd-new'), 'newpass789');
    await page.fill(tid('pwd-confirm'), 'newpass789');
    await page.click(tid('pwd-submit'));
    await expect.poll(() => page.textContent(tid('pwd-server-error'))).toContain('原密码错误');
    expect(await page.locator('.ps-toast--error').count()).toBe(0);
    await photographAtLaptopSizes(page, 'issue16-password-refused');
    await page.fill(tid('pwd-old'), 'demo123456');
    expect(await page.locator(tid('pwd-server-error')).count()).toBe(0);
    await page.fill(tid('pwd-new'), 'newpass789');
    await page.fill(tid('pwd-confirm'), 'newpass789');
    await page.click(tid('pwd-submit'));
    await expect.poll(() => toasts(page)).toContain('密码修改成功');
    await expect.poll(() => page.locator(tid('password-dialog')).count()).toBe(0);
  });

  it('crops and uploads an avatar that then shows in the bar', async () => {
    const image = path.join(server.dataDir, 'me.png');
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f7de1' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="640" height="480"><circle cx="320" cy="240" r="150" fill="#ffd166"/></svg>',
          ),
        },
      ])
      .png()
      .toFile(image);
    await page.click(tid('user-menu'));
    await page.click(tid('menu-avatar'));
    await page.waitForSelector(tid('avatar-dialog'));
    await page.setInputFiles(tid('avatar-file-input'), image);
    await page.waitForSelector(`${tid('avatar-step')}[data-step="2"]`);
    await page.click(tid('avatar-zoom-in'));
    await page.click(tid('avatar-rotate-right'));
    await screenshot(page, 'avatar-dialog');
    await page.click(tid('avatar-upload'));
    await page.waitForSelector(tid('avatar-success'));
    await page.click(tid('avatar-close'));
    await expect
      .poll(() => page.getAttribute(tid('user-avatar'), 'src'))
      .toMatch(/\/files\/avatars\/.+\.png\?exp=/);
    const src = (await page.getAttribute(tid('user-avatar'), 'src'))!;
    const loaded = await page.evaluate(async (url) => (await fetch(url)).status, src);
    expect(loaded).toBe(200);
  });

  it('logs out with a message, and the new password works while the old one does not', async () => {
    await page.click(tid('user-menu'));
    await page.click(tid('menu-logout'));
    await page.waitForSelector(tid('login-form'));
    await expect.poll(() => toasts(page)).toContain('登出成功');
    await login('demo', 'demo123456');
    await expect.poll(() => page.textContent(tid('login-error'))).toContain('用户名或密码错误');
    await login('demo', 'newpass789');
    await page.waitForSelector(tid('page-home'));
  });
});
