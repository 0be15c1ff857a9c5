import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, http: {}, confirmLogout: vi.fn() }));

import { caretAt, show, useNarrationEditor } from './narrationHarness';
import { NarrationBox } from '../../../../src/app/screens/editor/NarrationBox';
import { InsertDialog } from '../../../../src/app/screens/editor/insert/InsertDialog';
import { insertOpen, narrationDraft } from '../../../../src/app/state/editorNarration';
import { parseNarration } from '../../../../src/model/project';
import { shownWords } from '../../../../src/model/speech';

useNarrationEditor();

const openWithCaretAt = (html: string, offset: number | null) => {
  render(
    <>
      <NarrationBox placeholder="请输入" />
      <InsertDialog />
    </>,
  );
  show(html);
  if (offset !== null) caretAt(offset);
  act(() => {
    insertOpen.value = true;
  });
  document.getSelection()!.removeAllRanges();
  fireEvent.click(screen.getByTestId('insert-tab-reading'));
};

describe('插入元素 · 读音 (多音字)', () => {
  it('offers the usual readings of the character before the caret and marks the one picked', () => {
    openWithCaretAt('银行的行业', 2);
    expect(screen.getByTestId('insert-reading-hint').textContent).toContain('「行」');
    const choices = screen.getByTestId('insert-reading-choices').textContent;
    expect(choices).toContain('xíng');
    expect(choices).toContain('háng');
    fireEvent.click(screen.getByTestId('insert-reading-háng'));
    expect(narrationDraft.value).toBe('银行[háng]的行业');
    expect(insertOpen.value).toBe(false);
    // The marker is spoken, never shown: the narration keeps it, the subtitle text drops it.
    const { text } = parseNarration(narrationDraft.value);
    expect(text).toBe('银行[háng]的行业');
    expect(shownWords(text, []).text).toBe('银行的行业');
  });

  it('takes a typed pinyin with a tone digit and refuses text that is not one syllable', () => {
    openWithCaretAt('重新开始', null);
    // Without a caret the marker would follow the box's last character.
    expect(screen.getByTestId('insert-reading-hint').textContent).toContain('「始」');
    fireEvent.change(screen.getByTestId('insert-reading-input'), { target: { value: 'plan' } });
    fireEvent.click(screen.getByTestId('insert-reading-submit'));
    expect(screen.getByTestId('insert-reading-problem').textContent).toBe(
      '请输入一个拼音音节，如 háng 或 hang2',
    );
    expect(narrationDraft.value).toBe('重新开始');
    fireEvent.change(screen.getByTestId('insert-reading-input'), { target: { value: 'shi3' } });
    expect(screen.queryByTestId('insert-reading-problem')).toBeNull();
    fireEvent.click(screen.getByTestId('insert-reading-submit'));
    expect(narrationDraft.value).toBe('重新开始[shi3]');
  });

  it('asks for the caret after a Chinese character when there is none before it', () => {
    openWithCaretAt('Hello 大家', 5);
    expect(screen.getByTestId('insert-reading-nochar').textContent).toContain('汉字后面');
    expect(screen.queryByTestId('insert-reading-input')).toBeNull();
  });
});
