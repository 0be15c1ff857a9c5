import { describe, expect, it } from 'vitest';
import {
  clampTextureBox,
  deleteTexture,
  moveTexture,
  nudgeTexture,
  parseNarration,
  resizeTextureBox,
  restoreTextures,
  saveNarration,
  shotMarkerHtml,
  stickerMarkerHtml,
  switchOrientation,
  type ProjectDocument,
} from '../../../src/model/project';
import { must, readyDocument } from './fixtures';

const LANDSCAPE = { width: 960, height: 540 };
const star = (id: string) => stickerMarkerHtml({ textureId: 's001', kind: 'png', id, path: '/s/star.png' });
const wave = (id: string) => stickerMarkerHtml({ textureId: 'g002', kind: 'gif', id, path: '/s/wave.gif' });

/** Page 1 narrated "开场${star a}中间【PPT全屏】${wave b}结尾": two stickers, three segments. */
function withStickers(): ProjectDocument {
  return must(
    saveNarration(readyDocument(), 0, `开场${star('a')}中间${shotMarkerHtml(11201)}${wave('b')}结尾`),
  );
}

describe('sticker placement commands', () => {
  it('a saved sticker starts at 100x100 above the presenter in the middle (the next one a step off) and moves to where it is dropped', () => {
    const doc = withStickers();
    // The fixture's presenter stands at 333,261 (270x540), over the middle: the sticker goes above it.
    expect(doc.ppt.pages[0].textureList.map((t) => [t.id, t.x, t.y, t.width, t.height, t.position])).toEqual([
      ['a', 430, 153, 100, 100, 2],
      ['b', 454, 177, 100, 100, 3],
    ]);
    const moved = must(moveTexture(doc, 0, 1, { x: 12.4, y: 30.6, width: 80, height: 60 }));
    expect(moved.ppt.pages[0].textureList[1]).toMatchObject({ x: 12, y: 31, width: 80, height: 60, id: 'b' });
    expect(moved.ppt.pages[0].textureList[0]).toBe(doc.ppt.pages[0].textureList[0]);
    expect(doc.ppt.pages[0].textureList[1].x).toBe(454);
  });

  it('keeps a sticker whole inside the frame, and an unchanged drop returns the same document', () => {
    const doc = withStickers();
    const off = must(moveTexture(doc, 0, 0, { x: 2000, y: -50, width: 100, height: 100 }));
    expect(off.ppt.pages[0].textureList[0]).toMatchObject({ x: 860, y: 0 });
    const same = doc.ppt.pages[0].textureList[0];
    expect(moveTexture(doc, 0, 0, { x: same.x, y: same.y, width: 100, height: 100 })).toEqual({
      ok: true,
      value: doc,
    });
    expect(moveTexture(doc, 0, 5, { x: 0, y: 0, width: 10, height: 10 })).toEqual({
      ok: false,
      error: '贴图不存在',
    });
    expect(moveTexture(doc, 0, 0, { x: NaN, y: 0, width: 10, height: 10 })).toEqual({
      ok: false,
      error: '位置无效',
    });
  });

  it('portrait pages bound stickers by 375x667', () => {
    const doc = must(switchOrientation(withStickers(), 2));
    const moved = must(moveTexture(doc, 0, 0, { x: 500, y: 700, width: 100, height: 100 }));
    expect(moved.ppt.pages[0].textureList[0]).toMatchObject({ x: 275, y: 567 });
  });

  it('nudges by the given units and stops at the edges', () => {
    const doc = withStickers();
    const right = must(nudgeTexture(doc, 0, 0, 1, 0));
    expect(right.ppt.pages[0].textureList[0]).toMatchObject({ x: 431, y: 153 });
    const up = must(nudgeTexture(right, 0, 0, 0, -10));
    expect(up.ppt.pages[0].textureList[0]).toMatchObject({ x: 431, y: 143 });
    const atEdge = must(moveTexture(doc, 0, 0, { x: 0, y: 0, width: 100, height: 100 }));
    expect(nudgeTexture(atEdge, 0, 0, -10, -1)).toEqual({ ok: true, value: atEdge });
    expect(nudgeTexture(doc, 1, 0, 1, 0)).toEqual({ ok: false, error: '贴图不存在' });
  });
});

describe('resize bounds', () => {
  const start = { x: 100, y: 100, width: 200, height: 100 };

  it('a corner keeps the aspect along the diagonal; the opposite corner stays put', () => {
    expect(resizeTextureBox(start, 'se', 40, 0, true, LANDSCAPE)).toEqual({
      x: 100,
      y: 100,
      width: 232,
      height: 116,
    });
    const nw = resizeTextureBox(start, 'nw', -40, -20, true, LANDSCAPE);
    expect(nw).toEqual({ x: 60, y: 80, width: 240, height: 120 });
    expect(nw.x + nw.width).toBe(300);
  });

  it('Shift (free) follows each axis on its own', () => {
    expect(resizeTextureBox(start, 'ne', 30, 50, false, LANDSCAPE)).toEqual({
      x: 100,
      y: 150,
      width: 230,
      height: 50,
    });
  });

  it('never leaves the frame nor shrinks under 10 units, and keeps the aspect while clamped', () => {
    const big = resizeTextureBox(start, 'se', 5000, 5000, true, LANDSCAPE);
    expect(big.x + big.width).toBeLessThanOrEqual(960);
    expect(big.y + big.height).toBeLessThanOrEqual(540);
    expect(big.width / big.height).toBeCloseTo(2, 1);
    const tiny = resizeTextureBox(start, 'se', -5000, -5000, true, LANDSCAPE);
    expect(tiny).toEqual({ x: 100, y: 100, width: 20, height: 10 });
    const free = resizeTextureBox(start, 'sw', -500, 900, false, LANDSCAPE);
    expect(free).toEqual({ x: 0, y: 100, width: 300, height: 440 });
    expect(clampTextureBox({ x: -5, y: 600, width: 2000, height: 3 }, LANDSCAPE)).toEqual({
      x: 0,
      y: 530,
      width: 960,
      height: 10,
    });
  });
});

describe('resize at the frame edge (a sticker touching the right edge still resizes)', () => {
  // 50x50 with its right side on the 960 edge.
  const edge = { x: 910, y: 160, width: 50, height: 50 };

  it('grows down from its bottom-right corner: the right side stays on the edge, the box grows left', () => {
    // Along the diagonal: 1 + 30*50 / (50² + 50²) = 1.3.
    expect(resizeTextureBox(edge, 'se', 0, 30, true, LANDSCAPE)).toEqual({
      x: 895,
      y: 160,
      width: 65,
      height: 65,
    });
    expect(resizeTextureBox(edge, 'ne', 0, -30, true, LANDSCAPE)).toEqual({
      x: 895,
      y: 145,
      width: 65,
      height: 65,
    });
  });

  it('grows down and left from its left corners, and shrinks from any corner', () => {
    expect(resizeTextureBox(edge, 'sw', -30, 30, true, LANDSCAPE)).toEqual({
      x: 880,
      y: 160,
      width: 80,
      height: 80,
    });
    expect(resizeTextureBox(edge, 'se', -20, -20, true, LANDSCAPE)).toEqual({
      x: 910,
      y: 160,
      width: 30,
      height: 30,
    });
    expect(resizeTextureBox(edge, 'se', -20, 0, false, LANDSCAPE)).toEqual({
      x: 910,
      y: 160,
      width: 30,
      height: 50,
    });
  });

  it('only growth past the frame is clamped: Shift grows down but not right; the aspect is kept up to the frame', () => {
    expect(resizeTextureBox(edge, 'se', 30, 30, false, LANDSCAPE)).toEqual({
      x: 910,
      y: 160,
      width: 50,
      height: 80,
    });
    const most = resizeTextureBox(edge, 'se', 900, 900, true, LANDSCAPE);
    expect(most).toEqual({ x: 420, y: 0, width: 540, height: 540 });
    // In a corner of the frame it still grows, into the frame.
    const corner = { x: 910, y: 490, width: 50, height: 50 };
    expect(resizeTextureBox(corner, 'se', 20, 20, true, LANDSCAPE)).toEqual({
      x: 890,
      y: 470,
      width: 70,
      height: 70,
    });
  });
});

describe('deleteTexture', () => {
  it('removes the sticker and its marker; the segments around it join; the text stays', () => {
    const doc = withStickers();
    const before = doc.ppt.pages[0];
    const after = must(deleteTexture(doc, 0, 0)).ppt.pages[0];
    expect(after.textureList.map((t) => t.id)).toEqual(['b']);
    expect(after.textdome).not.toContain('data-id="a"');
    expect(after.textdome).toContain('data-id="b"');
    expect(after.text).toBe(before.text);
    expect(after.childList.map((c) => [c.ttsText, c.isScale])).toEqual([
      ['开场中间', 1],
      ['结尾', 2],
    ]);
    expect(after.textureList[0].position).toBe(2);
    expect(parseNarration(after.textdome).stickers.map((s) => s.id)).toEqual(['b']);
  });

  it('keeps the remaining sticker placement when markers carried no instance id', () => {
    const plain = stickerMarkerHtml({ textureId: 's001', kind: 'png', path: '/s/star.png' });
    let doc = must(saveNarration(readyDocument(), 0, `一${plain}二${plain}三`));
    expect(doc.ppt.pages[0].textureList.map((t) => t.id)).toEqual(['s001-1', 's001-2']);
    doc = must(moveTexture(doc, 0, 1, { x: 5, y: 6, width: 70, height: 70 }));
    const after = must(deleteTexture(doc, 0, 0)).ppt.pages[0];
    expect(after.textureList).toHaveLength(1);
    expect(after.textureList[0]).toMatchObject({ id: 's001-2', x: 5, y: 6, width: 70 });
  });

  it('refuses a texture that is not there', () => {
    expect(deleteTexture(withStickers(), 0, 2)).toEqual({ ok: false, error: '贴图不存在' });
  });
});

describe('restoreTextures', () => {
  it('refreshes every path with the answered one and drops stickers whose texture is gone', () => {
    let doc = withStickers();
    doc = must(saveNarration(doc, 1, `第二页${star('c')}`));
    const r = restoreTextures(doc, { s001: '/s/star.png?t=99', g002: null });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.message).toBe('第1页有 1 个贴图已被删除，已从页面移除');
    const [p1, p2] = r.value.ppt.pages;
    expect(p1.textureList.map((t) => [t.id, t.path])).toEqual([['a', '/s/star.png?t=99']]);
    expect(p1.textdome).not.toContain('g002');
    expect(p2.textureList[0].path).toBe('/s/star.png?t=99');
    expect(p2.textdome).toBe(doc.ppt.pages[1].textdome);
  });

  it('gives no message when every texture is still there', () => {
    const r = restoreTextures(withStickers(), { s001: '/a?t=1', g002: '/b?t=1' });
    expect(r.ok).toBe(true);
    expect(r.ok && r.message).toBeUndefined();
    expect(r.ok && r.value.ppt.pages[0].textureList.map((t) => t.path)).toEqual(['/a?t=1', '/b?t=1']);
  });
});
