import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StickerLayer } from '../../../../src/app/screens/editor/preview/StickerLayer';
import { i18n } from '../../../../src/app/i18n';
import type { Texture } from '../../../../src/model/project';

const texture = (i: number, position: number): Texture => ({
  textureId: `s00${i}`,
  path: `/library/stickers/s00${i}.png`,
  x: 10 * i,
  y: 20,
  width: 100,
  height: 80,
  position,
  id: `k${i}`,
});
const TEXTURES = [texture(1, 1), texture(2, 2), texture(3, 3)];

function layer(props: Partial<Parameters<typeof StickerLayer>[0]> = {}) {
  // Like usePreviewDrag's, the handler keeps the press to itself (a handle's press is not the item's).
  const begin = vi.fn(() => (e: { stopPropagation(): void }) => e.stopPropagation());
  const onSelect = vi.fn();
  const handlers = { onPointerMove: vi.fn(), onPointerUp: vi.fn(), onPointerCancel: vi.fn() };
  render(
    <StickerLayer
      textures={TEXTURES}
      selected={null}
      heardPosition={null}
      live={null}
      scale={0.5}
      locked={false}
      begin={begin}
      handlers={handlers}
      onSelect={onSelect}
      {...props}
    />,
  );
  return { begin, onSelect, items: screen.getAllByTestId('preview-sticker') };
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});
afterEach(cleanup);

describe('StickerLayer', () => {
  it('draws every texture at its box with its image, in narration order', () => {
    const { items } = layer();
    expect(items.map((el) => [el.dataset.texture, el.style.left, el.style.width])).toEqual([
      ['s001', '10px', '100px'],
      ['s002', '20px', '100px'],
      ['s003', '30px', '100px'],
    ]);
    expect(items[0].querySelector('img')!.getAttribute('src')).toBe('/library/stickers/s001.png');
    expect(items[0].title).toBe('拖动调整位置，拖动四角缩放（按住 Shift 自由缩放）');
  });

  it('pressing a sticker selects it and starts its drag; the selected one shows four corner handles', () => {
    const { begin, onSelect, items } = layer({ selected: 1 });
    fireEvent.pointerDown(items[2], { button: 0 });
    expect(onSelect).toHaveBeenCalledWith(2);
    expect(begin).toHaveBeenCalledWith({ sticker: 2 }, { x: 30, y: 20, width: 100, height: 80 });
    expect(items[1].querySelectorAll('.ps-preview-handle')).toHaveLength(4);
    expect(items[0].querySelectorAll('.ps-preview-handle')).toHaveLength(0);
    fireEvent.pointerDown(screen.getByTestId('preview-sticker-handle-ne'), { button: 0 });
    expect(begin).toHaveBeenLastCalledWith({ sticker: 1, corner: 'ne' }, expect.anything());
  });

  it('a dragged sticker moves by transform from its saved place and shows its position', () => {
    const { items } = layer({ live: { index: 0, box: { x: 40, y: 25, width: 100, height: 80 } } });
    expect(items[0].style.left).toBe('10px');
    expect(items[0].style.transform).toBe('translate(30px, 5px)');
    expect(items[0].dataset.x).toBe('40');
    expect(items[0].textContent).toContain('X 40 · Y 25');
  });

  it('during 试听 of segment 2, stickers of later segments are dimmed', () => {
    const { items } = layer({ heardPosition: 2 });
    expect(items.map((el) => el.classList.contains('dimmed'))).toEqual([false, false, true]);
  });

  it('under a shot framing the stickers cannot be grabbed', () => {
    const { begin, items } = layer({ locked: true, selected: 0 });
    fireEvent.pointerDown(items[0], { button: 0 });
    expect(begin).not.toHaveBeenCalled();
    expect(items[0].classList.contains('framed')).toBe(true);
  });

  it('a sticker whose image fails shows a readable placeholder, not a broken image', () => {
    const { items } = layer();
    fireEvent.error(items[1].querySelector('img')!);
    expect(screen.getByTestId('preview-sticker-broken').textContent).toBe('贴图加载失败');
  });
});
