import type { Page } from 'playwright-core';

/*
 * Holds the narration clock of 试听 where a test puts it: every `new Audio()` of the page becomes a
 * muted element that never plays, reports itself playing and reports `currentTime` from
 * window.__heldClockMs. The stage reads the lip-sync and motion clock from it (playbackMs), so a
 * test can freeze the presenter at any time of the page and look at it.
 */

/** Installs the held clock before any script of the page runs (call before the page loads). */
export async function installHeldClock(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __heldClockMs: number; Audio: typeof Audio };
    w.__heldClockMs = 0;
    const RealAudio = w.Audio;
    const HeldAudio = function (src?: string) {
      const element = new RealAudio();
      element.muted = true;
      element.preload = 'none';
      if (src) element.src = src;
      Object.defineProperty(element, 'currentTime', { get: () => w.__heldClockMs / 1000, set: () => {} });
      Object.defineProperty(element, 'paused', { get: () => false });
      element.play = () => Promise.resolve();
      element.pause = () => {};
      return element;
    } as unknown as typeof Audio;
    w.Audio = HeldAudio;
  });
}

/** Puts the held clock at `ms` and waits until the stage has drawn two frames at that time. */
export async function holdClockAt(page: Page, ms: number): Promise<void> {
  await page.evaluate((at) => {
    (window as unknown as { __heldClockMs: number }).__heldClockMs = at;
  }, ms);
  await page.evaluate(
    () =>
      new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))),
  );
}
