import { describe, expect, it } from 'vitest';
import {
  divideNarration,
  moveTexture,
  newDocument,
  newPage,
  parseNarration,
  saveNarration,
  shotMarkerHtml,
  stickerMarkerHtml,
  textToNarrationHtml,
  SHOT_TAGS,
  type Page,
} from '../../../src/model/project';
import { must } from './fixtures';

const PPT = shotMarkerHtml(11201);
const FULL = shotMarkerHtml(11202);
const HALF = shotMarkerHtml(11203);
const BACK = shotMarkerHtml(11204);
const star = (id = 'k1') => stickerMarkerHtml({ textureId: 'a1b2', kind: 'png', id, path: '/t/star.png' });
const gif = stickerMarkerHtml({ textureId: 'g009', kind: 'gif', id: 'g1' });

describe('marker HTML', () => {
  it('shot tags 11201..11204 are PPT全屏, 人物全身, 人物半身, 恢复', () => {
    expect(SHOT_TAGS.map((t) => [t.id, t.label])).toEqual([
      [11201, 'PPT全屏'],
      [11202, '人物全身'],
      [11203, '人物半身'],
      [11204, '恢复'],
    ]);
    expect(PPT).toBe(
      '<span class="ps-marker ps-shot" contenteditable="false" data-shot="11201">【PPT全屏】</span>',
    );
  });

  it('a sticker marker carries its 4-character id after @, and a thumbnail when the path is safe', () => {
    expect(star()).toBe(
      '<span class="ps-marker ps-sticker" contenteditable="false" data-texture="a1b2" data-kind="png" data-id="k1"><img class="ps-thumb" src="/t/star.png" alt="@a1b2"></span>',
    );
    expect(gif).toContain('【GIF@g009】');
    expect(stickerMarkerHtml({ textureId: 'a1b2', kind: 'png', path: 'javascript:alert(1)' })).not.toContain(
      'javascript',
    );
    expect(() => stickerMarkerHtml({ textureId: 'toolong', kind: 'png' })).toThrow();
  });
});

describe('parseNarration', () => {
  it('markers are never spoken; their offsets point into the plain text', () => {
    const r = parseNarration(`大家好${PPT}请看图表${star()}这里${BACK}谢谢`);
    expect(r.text).toBe('大家好请看图表这里谢谢');
    expect(r.shots).toEqual([
      { tagId: 11201, offset: 3 },
      { tagId: 11204, offset: 9 },
    ]);
    expect(r.stickers).toEqual([
      { textureId: 'a1b2', kind: 'png', id: 'k1', path: '/t/star.png', offset: 7 },
    ]);
    expect(r.markers.map((m) => m.type)).toEqual(['shot', 'sticker', 'shot']);
  });

  it('reads <br> and contenteditable <div> lines as line breaks, entities decoded', () => {
    const r = parseNarration('第一行<div>第二行</div><div><br></div><div>A&amp;B&nbsp;C &lt;x&gt;</div>');
    expect(r.text).toBe('第一行\n第二行\n\nA&B C <x>');
  });

  it('reads the texture id as the 4 characters after @ when the marker has no data-texture', () => {
    const legacy = '<span class="ps-marker">【贴图@x9y8extra】</span>讲解';
    const r = parseNarration(legacy);
    expect(r.stickers.map((s) => s.textureId)).toEqual(['x9y8']);
    expect(r.text).toBe('讲解');
  });

  it('drops marker-looking spans with invalid ids, still without speaking them', () => {
    const r = parseNarration('a<span data-shot="99999">【坏】</span>b');
    expect(r.text).toBe('ab');
    expect(r.markers).toEqual([]);
  });

  it('gives each sticker instance a unique id, even when a marker was pasted twice', () => {
    const r = parseNarration(
      `${star('same')}一${star('same')}二${stickerMarkerHtml({ textureId: 'a1b2', kind: 'png' })}`,
    );
    expect(new Set(r.stickers.map((s) => s.id)).size).toBe(3);
  });

  it('keeps offsets right when leading whitespace is trimmed', () => {
    const r = parseNarration(`<div>  </div>  开始${FULL}继续`);
    expect(r.text).toBe('开始继续');
    expect(r.shots[0].offset).toBe(2);
  });

  it('round-trips plain text through textToNarrationHtml', () => {
    const text = '一 < 二 & "三"\n四';
    expect(parseNarration(textToNarrationHtml(text)).text).toBe(text);
  });
});

describe('divideNarration (spec 4 "Text divide")', () => {
  const page = (textdome: string, extra: Partial<Page> = {}) =>
    divideNarration(newPage({ textdome, ...extra }));

  it('splits at every marker; each segment gets the shot tag in force', () => {
    const p = page(`开场白${PPT}看这页${FULL}我是主持人${HALF}半身讲解${BACK}回到正常`);
    expect(p.childList.map((c) => [c.index, c.ttsText, c.isScale])).toEqual([
      [1, '开场白', 1],
      [2, '看这页', 2],
      [3, '我是主持人', 3],
      [4, '半身讲解', 4],
      [5, '回到正常', 1],
    ]);
    expect(p.text).toBe('开场白看这页我是主持人半身讲解回到正常');
  });

  it('drops empty segments and renumbers the rest', () => {
    const p = page(`${PPT}${star()}  <br>第一段${FULL}${BACK}第二段${star('k2')}`);
    expect(p.childList.map((c) => [c.index, c.ttsText, c.isScale])).toEqual([
      [1, '第一段', 2],
      [2, '第二段', 1],
    ]);
  });

  it('builds the textures list: each sticker appears at the start of the segment after its marker', () => {
    const p = page(`一${star('k1')}二${gif}三`);
    expect(p.textureList.map((t) => [t.textureId, t.id, t.position])).toEqual([
      ['a1b2', 'k1', 2],
      ['g009', 'g1', 3],
    ]);
    expect(p.textureList[0]).toMatchObject({ width: 100, height: 100, path: '/t/star.png' });
    expect(p.gifdome.map((s) => s.kind)).toEqual(['png', 'gif']);
  });

  it('a sticker instance keeps its position and size across saves', () => {
    const before = page(`一${star('k1')}二`);
    before.textureList[0] = { ...before.textureList[0], x: 400, y: 20, width: 64, height: 48 };
    const again = divideNarration({ ...before, textdome: `改了${star('k1')}二` });
    expect(again.textureList[0]).toMatchObject({ x: 400, y: 20, width: 64, height: 48 });
  });

  it('without markers the page is one narration and has no child segments', () => {
    const p = page('只有文字');
    expect(p.childList).toEqual([]);
    expect(p.text).toBe('只有文字');
  });

  it('segments whose text did not change keep their audio', () => {
    const first = page(`甲${PPT}乙`);
    first.childList[0] = { ...first.childList[0], tts: '/a/jia.wav' };
    const again = divideNarration({ ...first, textdome: `甲${FULL}丙` });
    expect(again.childList[0].tts).toBe('/a/jia.wav');
    expect(again.childList[1].tts).toBe('');
  });
});

describe('saveNarration', () => {
  it('checks the text with the spec messages', () => {
    expect(saveNarration(newDocument(), 0, PPT)).toMatchObject({ ok: false, error: '输入的单页文字小于1' });
    expect(saveNarration(newDocument(), 0, '字'.repeat(301))).toMatchObject({
      ok: false,
      error: '输入的单页文字大于300',
    });
  });

  it('stores sanitised rich text, plain text, segments and the estimated time', () => {
    const d = must(saveNarration(newDocument(), 0, `你好<img src=x onerror=alert(1)>${PPT}世界`));
    const p = d.ppt.pages[0];
    expect(p.textdome).toBe(`你好${PPT}世界`);
    expect(p.text).toBe('你好世界');
    expect(p.childList).toHaveLength(2);
    expect(p.formattedTime).toBe('0.56');
  });

  it('gives back the same document when the saved text is the same', () => {
    const d = must(saveNarration(newDocument(), 0, `大家好${PPT}请看${star()}`));
    expect(must(saveNarration(d, 0, `大家好${PPT}请看${star()}`))).toBe(d);
    expect(must(saveNarration(d, 0, `大家好${PPT}请看`))).not.toBe(d);
  });

  it('drops stale page audio when the text changes, keeps it when it does not', () => {
    let d = must(saveNarration(newDocument(), 0, '你好'));
    d = { ...d, ppt: { ...d.ppt, pages: [{ ...d.ppt.pages[0], tts: '/a/1.wav', soundTime: 1 }] } };
    expect(must(saveNarration(d, 0, '你好')).ppt.pages[0].tts).toBe('/a/1.wav');
    expect(must(saveNarration(d, 0, '您好')).ppt.pages[0].tts).toBe('');
  });

  it('places new stickers in the middle of the preview', () => {
    const d = must(saveNarration(newDocument(), 0, `看${star()}这里`));
    expect(d.ppt.pages[0].textureList[0]).toMatchObject({ x: 430, y: 220, width: 100, height: 100 });
  });

  it('starts a new sticker beside the presenter when the presenter stands in the middle', () => {
    const standing = (
      distinguishability: 1 | 2,
      c: { X: number; Y: number; width: number; height: number },
    ) => ({
      ...newDocument(),
      distinguishability,
      character: { ...newDocument().character, ...c },
    });
    const first = (d: ReturnType<typeof newDocument>) =>
      must(saveNarration(d, 0, `看${star()}`)).ppt.pages[0].textureList.map((t) => [t.x, t.y]);
    // Portrait default: the presenter on the bottom edge below the slide. Above it, centred.
    expect(first(standing(2, { X: 54, Y: 200, width: 267, height: 467 }))).toEqual([[138, 92]]);
    // No room above a tall presenter in the middle of a landscape frame: to its left.
    expect(first(standing(1, { X: 380, Y: 60, width: 200, height: 480 }))).toEqual([[272, 220]]);
    // Nor left: to its right.
    expect(first(standing(1, { X: 40, Y: 0, width: 520, height: 540 }))).toEqual([[568, 220]]);
    // A presenter off the middle changes nothing; one filling the canvas leaves it in the middle.
    expect(first(standing(1, { X: 700, Y: 150, width: 200, height: 390 }))).toEqual([[430, 220]]);
    expect(first(standing(1, { X: 0, Y: 0, width: 960, height: 540 }))).toEqual([[430, 220]]);
  });

  it('sets stickers inserted in a row apart, and leaves placed ones where they are', () => {
    let d = must(saveNarration(newDocument(), 0, `看${star('k1')}这里`));
    d = must(saveNarration(d, 0, `看${star('k1')}这里${star('k2')}${star('k3')}`));
    const boxes = () => d.ppt.pages[0].textureList.map((t) => [t.x, t.y]);
    expect(boxes()).toEqual([
      [430, 220],
      [454, 244],
      [478, 268],
    ]);
    // The first one moved away: the next new one takes the middle again.
    d = must(moveTexture(d, 0, 0, { x: 10, y: 10, width: 100, height: 100 }));
    d = must(saveNarration(d, 0, `看${star('k1')}这里${star('k2')}${star('k3')}${star('k4')}`));
    expect(boxes()).toEqual([
      [10, 10],
      [454, 244],
      [478, 268],
      [430, 220],
    ]);
  });

  it('keeps a new sticker in the middle when every step to the edge is taken', () => {
    const portrait = { ...newDocument(), distinguishability: 2 as const };
    const html = Array.from({ length: 8 }, (_, k) => star(`s${k}`)).join('');
    const d = must(saveNarration(portrait, 0, `看${html}`));
    const boxes = d.ppt.pages[0].textureList.map((t) => [t.x, t.y]);
    expect(boxes.slice(0, 6)).toEqual([0, 1, 2, 3, 4, 5].map((k) => [138 + 24 * k, 284 + 24 * k]));
    expect(boxes.slice(6)).toEqual([
      [138, 284],
      [138, 284],
    ]);
    for (const [x] of boxes) expect(x + 100).toBeLessThanOrEqual(375);
  });
});
