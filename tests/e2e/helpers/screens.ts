import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { tid } from './session';

/*
 * Readings and steps that several browser flows take on the same screens: the toasts, the project
 * open in the editor, the built-in cast, the synthesis list and the finished videos in 我的.
 */

/** The texts of the toasts shown now. */
export function toasts(page: Page): Promise<string[]> {
  return page.locator(tid('toast')).allTextContents();
}

/** The id of the project the editor shows (the `videoid` of its address). */
export function openProjectId(page: Page): number {
  return Number(new URL(page.url().replace('#/', '')).searchParams.get('videoid'));
}

/** Picks the built-in presenter 小雅, the 办公室 scene and the eSpeak female voice in the library tabs. */
export async function chooseBuiltInCast(page: Page): Promise<void> {
  await page.click(tid('library-tab-character'));
  await page.click(`${tid('character-item')}[data-id="xiaoya"]`);
  await page.click(tid('library-tab-scene'));
  await page.click(`${tid('scene-item')}[data-id="office"]`);
  await page.click(tid('library-tab-voice'));
  await page.click(`${tid('voice-item')}[data-id="espeak-zh-female"]`);
}

/** Waits until the synthesis list shows `pages` pages spoken (the list polls the server). */
export async function waitForSpokenPages(page: Page, pages: number, timeout: number): Promise<void> {
  await expect
    .poll(() => page.locator(`${tid('synthesis-table')} [data-status="success"]`).count(), { timeout })
    .toBe(pages);
}

/** The first finished video in 我的. */
export function doneVideoCard(page: Page): Locator {
  return page.locator(`${tid('page-my')} [data-testid^="video-item-"][data-state="done"]`).first();
}

/** The key of a video card in 我的 (its play and download buttons are named after it). */
export async function videoKey(card: Locator): Promise<string> {
  return (await card.getAttribute('data-testid'))!.replace('video-item-', '');
}
