import { signal } from '@preact/signals-react';
import type { DemoItem } from '../../api/demo.contract';
import { studioApi } from '../services/http';

/*
 * /demo 示例项目: the example list and the one-click copy. The list is loaded once per visit; only
 * one copy runs at a time because each one synthesises narration on the server for a few seconds.
 */

export type DemoListState = 'idle' | 'loading' | 'ready' | 'failed';

export const demos = signal<DemoItem[]>([]);
export const demoListState = signal<DemoListState>('idle');
/** Id of the example being copied, or null. */
export const copyingDemo = signal<string | null>(null);

/** Loads the examples (again after a failure). */
export async function loadDemos(): Promise<void> {
  if (demoListState.value === 'loading') return;
  demoListState.value = 'loading';
  try {
    const res = await studioApi.listDemos();
    demos.value = res.data ?? [];
    demoListState.value = 'ready';
  } catch {
    // The client showed the message; the page offers 重试.
    demoListState.value = 'failed';
  }
}

/** Copies an example into the user's projects; the new project id, or null when it failed or another copy runs. */
export async function copyDemo(demoId: string): Promise<number | null> {
  if (copyingDemo.value !== null) return null;
  copyingDemo.value = demoId;
  try {
    const res = await studioApi.copyDemo(demoId);
    return res.data ?? null;
  } catch {
    return null;
  } finally {
    copyingDemo.value = null;
  }
}
