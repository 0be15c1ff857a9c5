import { describe, expect, it } from 'vitest';
import { buildScriptProject } from '../../../../src/app/screens/tools/buildScriptProject';
import {
  EXPORT_FRAME,
  documentSchema,
  narrationLength,
  newDocument,
  PREVIEW_FRAME,
  splitScript,
  validateForSynthesis,
} from '../../../../src/model/project';
import { character, scene, voice } from '../library/fakeLibrary';

const presenter = character('xiaoya', { width: 800, height: 1400, timbreInfo: 'espeak-zh-female' });
const studio = scene('studio', 1);
const tall = scene('tall', 2, { width: 750, height: 1334 });
const male = voice('espeak-zh-male', { sex: 1, show_name: '中文男声 · 云峰', name: 'Yunfeng' });

describe('buildScriptProject', () => {
  const pages = ['同学们好，今天我们来学习光合作用。', '光合作用发生在叶绿体中。', 'Thanks for watching!'];

  it('makes one text page per narration, without a PDF, in page order', () => {
    const built = buildScriptProject(newDocument({ projectName: '助手工具20261122123000' }), {
      pages,
      character: presenter,
      voice: male,
      scene: studio,
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const doc = built.value;
    expect(doc.ppt.pages.map((p) => p.text)).toEqual(pages);
    expect(doc.ppt.pages.map((p) => p.index)).toEqual([1, 2, 3]);
    expect(doc.ppt.maxNum).toBe(3);
    expect(doc.ppt.uuid).toBe('');
    for (const p of doc.ppt.pages) {
      expect(p.img).toBe('');
      expect(p.istts).toBe(2);
      expect(p.textdome).toContain(p.text.slice(0, 4));
    }
    // 0.14 s per character: the first page has 17 characters.
    expect(doc.ppt.pages[0].formattedTime).toBe('2.38');
    expect(documentSchema.safeParse(doc).success).toBe(true);
  });

  it('takes the presenter at its natural size fitted to the canvas, the voice and the scene', () => {
    const built = buildScriptProject(newDocument(), {
      pages,
      character: presenter,
      voice: male,
      scene: studio,
    });
    if (!built.ok) throw new Error(built.error);
    const { character: c, scene: s, distinguishability } = built.value;
    expect(distinguishability).toBe(1);
    expect(s).toMatchObject({ uuid: 'studio', path: studio.path, name: studio.name, type: 1 });
    expect(c).toMatchObject({
      uuid: 'xiaoya',
      staticImg: presenter.static_img,
      icon: presenter.icon,
      voiceId: 'espeak-zh-male',
      voiceName: '中文男声 · 云峰',
      tonename: 'Yunfeng',
      isPublic: 1,
    });
    // Natural 800x1400 keeps its aspect ratio and stays inside the 960x540 preview.
    expect(Math.abs(c.width / c.height - 800 / 1400)).toBeLessThan(0.02);
    expect(c.height).toBeLessThanOrEqual(PREVIEW_FRAME[1].height);
    expect(c.X).toBeGreaterThanOrEqual(0);
    expect(c.X + c.width).toBeLessThanOrEqual(PREVIEW_FRAME[1].width);
  });

  it('builds a portrait project when a portrait scene is chosen', () => {
    const built = buildScriptProject(newDocument(), {
      pages,
      character: presenter,
      voice: male,
      scene: tall,
    });
    if (!built.ok) throw new Error(built.error);
    expect(built.value.distinguishability).toBe(2);
    expect(built.value.character.height).toBeLessThanOrEqual(PREVIEW_FRAME[2].height);
    expect(EXPORT_FRAME[2].width).toBeGreaterThan(0);
  });

  it('turns a pasted 1,000-character script into a document ready to synthesise', () => {
    const script = '数字人视频可以帮助老师快速制作课程，只需要粘贴讲稿。系统会自动分页！'.repeat(30);
    const split = splitScript(script);
    const built = buildScriptProject(newDocument(), {
      pages: split,
      character: presenter,
      voice: male,
      scene: studio,
    });
    if (!built.ok) throw new Error(built.error);
    expect(built.value.ppt.pages).toHaveLength(split.length);
    expect(built.value.ppt.pages.every((p) => narrationLength(p.text) <= 300)).toBe(true);
    // Without a PDF the editor asks 未选择PDF，是否继续合成? first (spec 5); after a yes nothing is missing.
    expect(validateForSynthesis(built.value).ok).toBe(false);
    expect(validateForSynthesis(built.value, { continueWithoutPdf: true }).ok).toBe(true);
  });

  it('refuses an empty script and a page over 300 characters with the spec messages', () => {
    const none = buildScriptProject(newDocument(), {
      pages: [],
      character: presenter,
      voice: male,
      scene: studio,
    });
    expect(none).toEqual({ ok: false, error: '输入的单页文字小于1' });
    const long = buildScriptProject(newDocument(), {
      pages: ['字'.repeat(301)],
      character: presenter,
      voice: male,
      scene: studio,
    });
    expect(long).toEqual({ ok: false, error: '输入的单页文字大于300' });
  });
});
