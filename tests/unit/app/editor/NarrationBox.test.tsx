import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, http: {}, confirmLogout: vi.fn() }));

import { NarrationBox } from '../../../../src/app/screens/editor/NarrationBox';
import { cacheBusted } from '../../../../src/app/screens/editor/RetryImage';
import { asksForSlides, checkPdfFile, hasContent } from '../../../../src/app/state/editorPdf';
import { newDocument, VOICE_MODE, type ProjectDocument } from '../../../../src/model/project';
import { draftStats, draftVersion, narrationDraft } from '../../../../src/app/state/editorNarration';
import { toasts } from '../../../../src/app/state/messages';

const box = () => screen.getByTestId('narration-box');

function show(html: string) {
  act(() => {
    narrationDraft.value = html;
    draftVersion.value++;
  });
}

function caretAtEnd() {
  const range = document.createRange();
  range.selectNodeContents(box());
  range.collapse(false);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

beforeEach(() => {
  render(<NarrationBox placeholder="请输入" />);
});
afterEach(() => {
  cleanup();
  show('');
});

describe('narration box (spec 5)', () => {
  it('shows the draft when told to and counts it live', () => {
    show('你好<br>世界');
    expect(box().innerHTML).toBe('你好<br>世界');
    expect(draftStats.value).toEqual({ count: 4, seconds: 0.56 });
  });

  it('counts nothing while the box still holds the PDF placeholder (QA: 10/300 · 预计 1.4 秒)', () => {
    show('请输入本页内容并保存');
    expect(draftStats.value).toEqual({ count: 0, seconds: 0 });
  });

  it('Enter inserts a double line break', () => {
    show('第一句');
    caretAtEnd();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().innerHTML.startsWith('第一句<br><br>')).toBe(true);
    expect(narrationDraft.value.startsWith('第一句<br><br>')).toBe(true);
  });

  it('paste inserts plain text only', () => {
    show('');
    caretAtEnd();
    const clipboardData = {
      getData: (type: string) => (type === 'text/plain' ? '<b>粗体</b>\n下一行' : '<b>粗体</b>'),
    };
    fireEvent.paste(box(), { clipboardData });
    expect(box().innerHTML).toBe('&lt;b&gt;粗体&lt;/b&gt;<br>下一行');
    expect(box().querySelector('b')).toBeNull();
  });

  it('text typed with the caret inside a marker goes after it, not into it', () => {
    // A click in the empty end of the box puts the caret in the last marker's text.
    show(
      '第三页开头。<span class="ps-marker ps-shot" contenteditable="false" data-shot="11201">【PPT全屏】</span>',
    );
    const label = box().querySelector('.ps-marker')!.firstChild!;
    const range = document.createRange();
    range.setStart(label, 3);
    range.collapse(true);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    const typed = new InputEvent('beforeinput', { inputType: 'insertText', data: '点', cancelable: true });
    box().dispatchEvent(typed);
    // Not typed into the marker: inserted again after it (execCommand, which happy-dom lacks).
    expect(typed.defaultPrevented).toBe(true);
    const caret = document.getSelection()!.getRangeAt(0);
    expect(caret.startContainer.parentNode).toBe(box());
    expect(caret.startContainer.previousSibling).toBe(box().querySelector('.ps-marker'));
    // What is typed there lands after the marker.
    (caret.startContainer as Text).data = '点击后输入';
    fireEvent.input(box());
    expect(narrationDraft.value.endsWith('【PPT全屏】</span>点击后输入')).toBe(true);
  });

  it('input is cut at 300 characters', () => {
    show('');
    box().innerHTML = '字'.repeat(320);
    fireEvent.input(box());
    expect(narrationDraft.value).toBe('字'.repeat(300));
    expect(box().textContent).toHaveLength(300);
    expect(draftStats.value).toEqual({ count: 300, seconds: 42 });
    expect(toasts.value.map((t) => t.text)).toContain('输入的单页文字大于300');
  });
});

describe('editor helpers', () => {
  it('PDF checks: only .pdf, under 100,000,000 bytes', () => {
    expect(checkPdfFile({ name: 'a.PDF', size: 99_999_999 })).toBeNull();
    expect(checkPdfFile({ name: 'a.pdf', size: 100_000_000 })).toBe('上传文件大于100M');
    expect(checkPdfFile({ name: 'a.pptx', size: 10 })).toBe('只能上传PDF文件');
  });

  it('a project has content (no PDF dialog on opening it) with written text, page audio, stickers or a video', () => {
    const blank = newDocument();
    const withPage = (change: Partial<ProjectDocument['ppt']['pages'][number]>): ProjectDocument => ({
      ...blank,
      ppt: { ...blank.ppt, pages: [{ ...blank.ppt.pages[0], ...change }] },
    });
    expect(hasContent(withPage({ text: '' }))).toBe(false);
    expect(hasContent(withPage({ text: '请输入本页内容并保存' }))).toBe(false);
    expect(hasContent(withPage({ text: '大家好' }))).toBe(true);
    // A voice page with its uploaded audio and no text (the voice video's pages).
    expect(hasContent(withPage({ text: '', istts: VOICE_MODE, tts: '/files/u/1/audio/a.wav' }))).toBe(true);
    expect(hasContent(withPage({ text: '', istts: VOICE_MODE, tts: '' }))).toBe(false);
    expect(hasContent(withPage({ text: '', video: '/files/u/1/videos/v.mp4', isVideo: 1 }))).toBe(true);
  });

  it('asks for slides on opening only a project never saved and still blank', () => {
    const blank = newDocument();
    expect(asksForSlides(blank, 0)).toBe(true);
    // Saved once (无需PDF, a cast chosen, 保存草稿): it does not ask on every visit.
    expect(asksForSlides(blank, 1)).toBe(false);
    const written = { ...blank, ppt: { ...blank.ppt, pages: [{ ...blank.ppt.pages[0], text: '大家好' }] } };
    expect(asksForSlides(written, 0)).toBe(false);
  });

  it('cache-busting keeps the path and other query parameters', () => {
    expect(cacheBusted('/files/u/1/images/2.png', 5)).toBe('/files/u/1/images/2.png?t=5');
    expect(cacheBusted('/files/x.png?sig=ab&t=1', 9)).toBe('/files/x.png?sig=ab&t=9');
  });
});
