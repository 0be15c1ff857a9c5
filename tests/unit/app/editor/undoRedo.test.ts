import { afterEach, describe, expect, it } from 'vitest';
import { addPage, deletePage, newDocument } from '../../../../src/model/project';
import {
  canRedo,
  canUndo,
  clearProject,
  currentPage,
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
});
