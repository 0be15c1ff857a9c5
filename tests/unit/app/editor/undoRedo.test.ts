import { afterEach, describe, expect, it } from 'vitest';
import { addPage, deletePage, newDocument, saveNarration } from '../../../../src/model/project';
import {
  canRedo,
  canUndo,
  clearProject,
  currentPage,
  dirty,
  dispatch,
  doc,
  redo,
  undo,
} from '../../../../src/app/state/editor';

describe('editor undo and redo', () => {
  afterEach(() => clearProject());

  it('takes changes back and reapplies them in order, keeping the current page in range', () => {
    doc.value = newDocument();
    dispatch(addPage);
    dispatch(addPage);
    currentPage.value = 2;
    expect(doc.value!.ppt.pages).toHaveLength(3);

    undo();
    expect(doc.value!.ppt.pages).toHaveLength(2);
    expect(currentPage.value).toBe(1);
    undo();
    expect(doc.value!.ppt.pages).toHaveLength(1);
    expect(canUndo.value).toBe(false);
    undo(); // nothing left: no change
    expect(doc.value!.ppt.pages).toHaveLength(1);

    redo();
    redo();
    expect(doc.value!.ppt.pages).toHaveLength(3);
    expect(canRedo.value).toBe(false);

    // A new change after undo drops what could have been redone.
    undo();
    dispatch(deletePage, 0);
    expect(canRedo.value).toBe(false);
    expect(doc.value!.ppt.pages).toHaveLength(1);
  });

  it('records nothing for a command that changes nothing (保 存 on unchanged text)', () => {
    doc.value = newDocument();
    expect(dispatch(saveNarration, 0, '大家好').ok).toBe(true);
    undo();
    redo();
    dirty.value = false; // as after 保存草稿
    const saved = doc.value;

    expect(dispatch(saveNarration, 0, '大家好')).toMatchObject({ ok: true });
    expect(doc.value).toBe(saved);
    expect(dirty.value).toBe(false);
    undo(); // the one step is still the first save's
    expect(doc.value!.ppt.pages[0].text).toBe('');
  });
});
