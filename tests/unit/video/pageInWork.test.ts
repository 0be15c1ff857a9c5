import { describe, expect, it } from 'vitest';
import { pageInWork } from '../../../src/server/video/renderFanOut';

describe('the page a fanned-out render says it is at', () => {
  // 10 pages, 4 from the cache; the other 6 as 12 tasks (each page in two segments).
  const progress = { baseMs: 0, totalMs: 1, startedAt: 0, pagesBefore: 4, pageCount: 10, taskCount: 12 };

  it('counts the pages left by the share of their tasks done, not one page a task', () => {
    expect(pageInWork(progress, 0)).toBe(5);
    expect(pageInWork(progress, 1)).toBe(5);
    expect(pageInWork(progress, 2)).toBe(6);
    expect(pageInWork(progress, 11)).toBe(10);
    expect(pageInWork(progress, 12)).toBe(10);
  });

  it('is one page a task when every task is a whole page', () => {
    expect(pageInWork({ ...progress, taskCount: 6 }, 3)).toBe(8);
  });
});
