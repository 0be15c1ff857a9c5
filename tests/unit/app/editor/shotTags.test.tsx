import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, http: {}, confirmLogout: vi.fn() }));

import { caretAt, project, show, useNarrationEditor } from './narrationHarness';
import { NarrationBox } from '../../../../src/app/screens/editor/NarrationBox';
import { InsertDialog } from '../../../../src/app/screens/editor/insert/InsertDialog';
import { SegmentChips } from '../../../../src/app/screens/editor/insert/SegmentChips';
import { EditorStage } from '../../../../src/app/screens/editor/preview/EditorStage';
import { doc, projectId } from '../../../../src/app/state/editor';
import {
  insertOpen,
  loadDraft,
  narrationDraft,
  previewIsScale,
  previewNarration,
  saveDraft,
  selectedSegment,
} from '../../../../src/app/state/editorNarration';
import { heardSegment, stopPlaying } from '../../../../src/app/state/narrationPlayback';
import { shotMarkerHtml } from '../../../../src/model/project';

useNarrationEditor();

describe('插入元素 · 镜头', () => {
  it('inserts the shot marker at the caret kept while the dialog had the focus', () => {
    render(
      <>
        <NarrationBox placeholder="请输入" />
        <InsertDialog />
      </>,
    );
    show('大家好请看');
    caretAt(3);
    // The dialog takes the focus; the selection leaves the box.
    act(() => {
      insertOpen.value = true;
    });
    document.getSelection()!.removeAllRanges();
    fireEvent.click(screen.getByTestId('insert-shot-11201'));
    expect(narrationDraft.value).toBe(`大家好${shotMarkerHtml(11201)}请看`);
    expect(insertOpen.value).toBe(false);
  });

  it('falls back to the end of the box without a caret', () => {
    render(
      <>
        <NarrationBox placeholder="请输入" />
        <InsertDialog />
      </>,
    );
    show('大家好');
    act(() => {
      insertOpen.value = true;
    });
    fireEvent.click(screen.getByTestId('insert-shot-11203'));
    expect(narrationDraft.value).toBe(`大家好${shotMarkerHtml(11203)}`);
  });

  it('is disabled with a hint when the project has no PDF', () => {
    act(() => {
      doc.value = project(false);
      insertOpen.value = true;
    });
    render(<InsertDialog />);
    expect(screen.getByTestId('insert-shot-disabled').textContent).toContain('PDF');
    for (const id of [11201, 11202, 11203, 11204])
      expect((screen.getByTestId(`insert-shot-${id}`) as HTMLButtonElement).disabled).toBe(true);
  });
});

const stageItem = (id: string) => document.querySelector<HTMLElement>(`.ps-stage-items [data-id="${id}"]`);

describe('segment chips and the framing preview', () => {
  it('lists the saved segments and shows the chosen one framed as the render will', async () => {
    render(
      <>
        <EditorStage />
        <SegmentChips />
      </>,
    );
    act(() => {
      loadDraft();
      narrationDraft.value = `大家好。${shotMarkerHtml(11201)}请看这一页。${shotMarkerHtml(11203)}谢谢。`;
    });
    act(() => {
      expect(saveDraft().ok).toBe(true);
    });
    const chips = screen.getAllByTestId(/^segment-chip-/).map((c) => c.textContent);
    expect(chips).toEqual(['1 · 正常 · 4字', '2 · PPT全屏 · 6字', '3 · 人物半身 · 3字']);
    expect(screen.queryByTestId('preview-framing-badge')).toBeNull();

    fireEvent.click(screen.getByTestId('segment-chip-2'));
    // The stage re-renders from the signals a moment later.
    await waitFor(() => expect(screen.getByTestId('preview-framing-badge').textContent).toBe('PPT全屏 预览'));
    // The stage's item list: what the canvas draws, with its box in preview units.
    const slide = stageItem('slide')!;
    expect([slide.dataset.x, slide.dataset.y, slide.dataset.width, slide.dataset.height]).toEqual([
      '0',
      '0',
      '960',
      '540',
    ]);
    expect(stageItem('presenter')).toBeNull();

    fireEvent.click(screen.getByTestId('segment-chip-3'));
    await waitFor(() => expect(stageItem('slide')).toBeNull());
    const person = stageItem('presenter')!;
    // 100x200 presenter: upper half fills 540 -> 540x1080 centred.
    expect([person.dataset.x, person.dataset.y, person.dataset.width, person.dataset.height]).toEqual([
      '210',
      '0',
      '540',
      '1080',
    ]);

    fireEvent.click(screen.getByTestId('segment-chip-3'));
    await waitFor(() => expect(screen.queryByTestId('preview-framing-badge')).toBeNull());
    expect(stageItem('presenter')!.dataset.x).toBe('100');
  });
});

describe('试听 of a page with shot tags', () => {
  class FakeAudio extends EventTarget {
    static made: FakeAudio[] = [];
    constructor(readonly src: string) {
      super();
      FakeAudio.made.push(this);
    }
    play = () => Promise.resolve();
    pause = () => undefined;
  }

  it('plays the segment audio in order and the preview follows the segment being heard', async () => {
    vi.stubGlobal('Audio', FakeAudio);
    FakeAudio.made = [];
    act(() => {
      projectId.value = 1;
      loadDraft();
      narrationDraft.value = `大家好。${shotMarkerHtml(11201)}请看这一页。`;
    });
    act(() => {
      expect(saveDraft().ok).toBe(true);
      const d = doc.value!;
      const p = d.ppt.pages[0];
      const childList = p.childList.map((c, i) => ({ ...c, tts: `/files/s${i}.wav` }));
      doc.value = { ...d, ppt: { ...d.ppt, pages: [{ ...p, childList }] } };
      selectedSegment.value = null;
    });
    await previewNarration();
    expect(FakeAudio.made.map((a) => a.src)).toEqual([expect.stringContaining('/files/s0.wav')]);
    expect([heardSegment.value, previewIsScale.value]).toEqual([0, 1]);
    act(() => {
      FakeAudio.made[0].dispatchEvent(new Event('ended'));
    });
    expect(FakeAudio.made[1].src).toContain('/files/s1.wav');
    expect([heardSegment.value, previewIsScale.value]).toEqual([1, 2]);
    act(() => {
      FakeAudio.made[1].dispatchEvent(new Event('ended'));
    });
    expect([heardSegment.value, previewIsScale.value]).toEqual([null, 1]);
    stopPlaying();
    vi.unstubAllGlobals();
  });
});
