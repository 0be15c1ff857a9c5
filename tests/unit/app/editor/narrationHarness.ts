import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../../../../src/app/i18n';
import { currentPage, doc } from '../../../../src/app/state/editor';
import {
  draftVersion,
  insertOpen,
  narrationDraft,
  selectedSegment,
} from '../../../../src/app/state/editorNarration';
import { addPage, newDocument, type ProjectDocument } from '../../../../src/model/project';

/*
 * The narration box and 插入元素 under test: a one-page project (with or without a PDF), the box's
 * content and caret set as the author would, and a fresh state around every test. The caller
 * mocks the HTTP services (vi.mock is hoisted per file).
 */

export function project(pdf = true): ProjectDocument {
  const r = addPage(newDocument());
  if (!r.ok) throw new Error(r.error);
  const d = r.value;
  return {
    ...d,
    character: {
      ...d.character,
      uuid: 'a',
      staticImg: '/a.png',
      name: '小雅',
      X: 100,
      Y: 100,
      width: 100,
      height: 200,
    },
    ppt: { ...d.ppt, uuid: pdf ? 'pdf1' : '' },
  };
}

export const box = () => screen.getByTestId('narration-box');

export function show(html: string) {
  act(() => {
    narrationDraft.value = html;
    draftVersion.value++;
  });
}

/** Puts the caret `offset` characters into the box's first text node and lets the box see it. */
export function caretAt(offset: number) {
  const range = document.createRange();
  range.setStart(box().firstChild!, offset);
  range.collapse(true);
  document.getSelection()!.removeAllRanges();
  document.getSelection()!.addRange(range);
  document.dispatchEvent(new Event('selectionchange'));
}

/** Resets the editor state before and after every test of the file. */
export function useNarrationEditor(): void {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    act(() => {
      doc.value = project();
      currentPage.value = 0;
      selectedSegment.value = null;
      insertOpen.value = false;
    });
  });
  afterEach(() => {
    cleanup();
    show('');
  });
}
