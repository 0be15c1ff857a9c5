import { describe, expect, it } from 'vitest';
import {
  newDocument,
  pagesWithoutPdf,
  saveNarration,
  setPageAudio,
  switchToVoiceMode,
  validateForSynthesis,
  withPages,
  newPage,
  type ProjectDocument,
} from '../../../src/model/project';
import { must, readyDocument } from './fixtures';

const errorOf = (doc: ProjectDocument, continueWithoutPdf = false) => {
  const r = validateForSynthesis(doc, { continueWithoutPdf });
  return r.ok ? null : r.error;
};

describe('validateForSynthesis (spec 5, in order)', () => {
  it('passes a ready project', () => {
    expect(validateForSynthesis(readyDocument()).ok).toBe(true);
  });

  it('1. 人物未选择 before anything else', () => {
    expect(errorOf(newDocument())).toBe('人物未选择');
  });

  it('2. 音色未选择 when a character but no voice is chosen', () => {
    const d = readyDocument();
    expect(
      errorOf({
        ...d,
        character: { ...d.character, voiceId: '' },
        scene: { ...d.scene, uuid: '', icon: '' },
      }),
    ).toBe('音色未选择');
  });

  it('3. 场景未选择 when character and voice are chosen but no scene', () => {
    const d = readyDocument();
    expect(errorOf({ ...d, scene: { ...d.scene, uuid: '', icon: '' } })).toBe('场景未选择');
  });

  it('4. without a PDF asks 未选择PDF，是否继续合成? as a confirmation, then goes on', () => {
    const d = must(pagesWithoutPdf(readyDocument()));
    const r = validateForSynthesis(d);
    expect(r).toEqual({ ok: false, error: '未选择PDF，是否继续合成?', confirm: true });
    expect(validateForSynthesis(d, { continueWithoutPdf: true }).ok).toBe(true);
  });

  it('the PDF question comes before page problems, page problems after a yes', () => {
    const d = must(pagesWithoutPdf(readyDocument()));
    const broken = withPages(d, [d.ppt.pages[0], newPage({ index: 2 })]);
    expect(errorOf(broken)).toBe('未选择PDF，是否继续合成?');
    expect(errorOf(broken, true)).toBe('第2页未保存或文字少于1个字');
  });

  it('5. 第N页的ppt文字未保存或大于300字 for a page over 300 characters, N 1-based', () => {
    const d = readyDocument();
    const pages = d.ppt.pages.map((p, i) => (i === 1 ? { ...p, text: '字'.repeat(301) } : p));
    expect(errorOf(withPages(d, pages))).toBe('第2页的ppt文字未保存或大于300字');
  });

  it('6. 第N页未上传音频 for a voice page without audio', () => {
    const d = must(switchToVoiceMode(readyDocument(), 1));
    expect(errorOf(d)).toBe('第2页未上传音频');
    expect(errorOf(must(setPageAudio(d, 1, { path: '/a/v.mp3', soundTime: 4 })))).toBeNull();
  });

  it('7. 第N页未保存或文字少于1个字 for an empty text page', () => {
    const d = readyDocument();
    const pages = d.ppt.pages.map((p, i) => (i === 0 ? { ...p, text: '' } : p));
    expect(errorOf(withPages(d, pages))).toBe('第1页未保存或文字少于1个字');
  });

  it('a page still holding the PDF placeholder counts as unsaved', () => {
    const d = readyDocument();
    const pages = d.ppt.pages.map((p, i) => (i === 1 ? { ...p, text: '请输入本页内容并保存' } : p));
    expect(errorOf(withPages(d, pages))).toBe('第2页未保存或文字少于1个字');
  });

  it('reports the first failing page', () => {
    let d = readyDocument();
    d = must(saveNarration(d, 1, '好'));
    d = withPages(d, [d.ppt.pages[0], newPage({ text: '' }), newPage({ istts: 1 })]);
    expect(errorOf(d)).toBe('第2页未保存或文字少于1个字');
  });
});
