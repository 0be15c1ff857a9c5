import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/*
 * The stage's texture hooks never hand a view a texture its last user gave back: the store destroys
 * it then, and Pixi throws drawing it ("reading 'alphaMode'" of its null source). Seen while an
 * editor opened: the presenter's picture went static -> rig -> static before the rig loaded.
 */

interface FakeTexture {
  url: string;
  serial: number;
  destroyed: boolean;
}

const store = vi.hoisted(() => {
  const users = new Map<string, number>();
  const loaded = new Map<string, FakeTexture>();
  const pending: { url: string; resolve: () => void }[] = [];
  let serial = 0;
  return {
    pending,
    acquireImage(url: string): Promise<FakeTexture> {
      users.set(url, (users.get(url) ?? 0) + 1);
      return new Promise((resolve) => {
        pending.push({
          url,
          resolve: () => {
            const t = loaded.get(url) ?? { url, serial: ++serial, destroyed: false };
            loaded.set(url, t);
            resolve(t);
          },
        });
      });
    },
    releaseImage(url: string) {
      const left = (users.get(url) ?? 0) - 1;
      users.set(url, left);
      const t = loaded.get(url);
      if (left === 0 && t) {
        t.destroyed = true;
        loaded.delete(url);
      }
    },
  };
});
vi.mock('../../../src/render/pixi/textureStore', () => ({
  acquireImage: store.acquireImage,
  releaseImage: store.releaseImage,
  acquireGif: vi.fn(),
  releaseGif: vi.fn(),
}));

import { useImageTexture } from '../../../src/render/pixi/useTextures';

let shown: FakeTexture | null = null;
function View({ url }: { url: string }) {
  shown = useImageTexture(url).value as unknown as FakeTexture | null;
  return null;
}

async function settle(url: string) {
  const load = store.pending.splice(0).filter((p) => p.url === url);
  await act(async () => load.forEach((p) => p.resolve()));
}

describe('useImageTexture', () => {
  it('loads a picture again when the view comes back to it before the other one loaded', async () => {
    const view = render(<View url="/a.png" />);
    await settle('/a.png');
    const first = shown!;
    expect(first).toMatchObject({ url: '/a.png', destroyed: false });

    view.rerender(<View url="/b.png" />); // gives /a.png back: destroyed
    expect(first.destroyed).toBe(true);
    expect(shown).toBeNull();
    view.rerender(<View url="/a.png" />); // back before /b.png loaded
    expect(shown).toBeNull(); // not the destroyed texture
    await settle('/a.png');
    expect(shown).toMatchObject({ url: '/a.png', destroyed: false });
    expect(shown).not.toBe(first);
    view.unmount();
  });
});
