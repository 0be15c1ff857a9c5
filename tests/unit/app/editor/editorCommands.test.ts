import { afterEach, describe, expect, it } from 'vitest';
import {
  addPage,
  DOC_COMMANDS,
  duplicatePage,
  newDocument,
  pagesWithoutPdf,
  PRO_KIND,
  setPageAudio,
  TEXT_MODE,
  VOICE_MODE,
} from '../../../../src/model/project';
import {
  applyQuietly,
  canRedo,
  canUndo,
  clearProject,
  currentPage,
  dirty,
  dispatch,
  doc,
  projectKind,
  redo,
  undo,
} from '../../../../src/app/state/editor';
import { editPages, selectedSegment } from '../../../../src/app/state/editorNarration';
import { nudgeSelection, selectOnStage } from '../../../../src/app/state/editorStickers';
import { onStageKeyDown } from '../../../../src/app/screens/editor/preview/stageKeys';
import {
  chooseLibraryScene,
  choosePresenter,
} from '../../../../src/app/screens/editor/library/libraryCommands';

afterEach(() => {
  clearProject();
  projectKind.value = 3;
  selectOnStage(null);
});

describe('commands dispatched by the editor', () => {
  it('keeps the app-side commands apart from the model table by name', () => {
    const names = [...DOC_COMMANDS, choosePresenter, chooseLibraryScene].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('opens the page a page-creating command made, and a copy next to its original', () => {
    doc.value = newDocument();
    dispatch(addPage);
    expect(currentPage.value).toBe(1);
    dispatch(addPage);
    expect(currentPage.value).toBe(2);
    dispatch(duplicatePage, 0);
    expect(currentPage.value).toBe(1);
    expect(doc.value!.ppt.pages).toHaveLength(4);
  });

  it('starts new pages of a voice video project in voice mode, but a copy keeps its mode', () => {
    projectKind.value = PRO_KIND.voice;
    doc.value = newDocument();
    dispatch(addPage);
    expect(doc.value!.ppt.pages.map((p) => p.istts)).toEqual([VOICE_MODE, VOICE_MODE]);
    doc.value = newDocument();
    dispatch(duplicatePage, 0);
    expect(doc.value!.ppt.pages.map((p) => p.istts)).toEqual([TEXT_MODE, TEXT_MODE]);
    dispatch(pagesWithoutPdf);
    expect(doc.value!.ppt.pages.map((p) => p.istts)).toEqual([VOICE_MODE, VOICE_MODE]);
  });

  it('lets editPages show the new page in the normal framing', () => {
    doc.value = newDocument();
    selectedSegment.value = 0;
    editPages(addPage);
    expect(currentPage.value).toBe(1);
    expect(selectedSegment.value).toBeNull();
  });
});

describe('undo steps', () => {
  it('makes one step per dispatch, none for a quiet result or an unchanged document', () => {
    doc.value = newDocument();
    dispatch(addPage);
    applyQuietly(setPageAudio, 1, { path: '/files/a.mp3', soundTime: 2 });
    expect(doc.value!.ppt.pages[1].tts).toBe('/files/a.mp3');
    expect(dirty.value).toBe(true);
    selectOnStage({ kind: 'character' });
    expect(nudgeSelection(0, 0)!.ok).toBe(true); // nothing moved: no step

    undo();
    expect(doc.value!.ppt.pages).toHaveLength(1);
    expect(canUndo.value).toBe(false);
    redo();
    expect(doc.value!.ppt.pages).toHaveLength(2);
    expect(canRedo.value).toBe(false);
  });

  it('keeps a quiet result out of the redo stack it would otherwise clear', () => {
    doc.value = newDocument();
    dispatch(addPage);
    undo();
    applyQuietly(setPageAudio, 0, { path: '/files/b.mp3', soundTime: 1 });
    expect(canRedo.value).toBe(true);
  });
});

describe('stage keys run the commands that own them', () => {
  const press = (key: string, shiftKey = false) => {
    let prevented = false;
    const e = {
      key,
      shiftKey,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      preventDefault: () => (prevented = true),
    };
    onStageKeyDown(e as never);
    return prevented;
  };

  it('nudges the selected presenter by 1, with Shift by 10, each press one undo step', () => {
    doc.value = newDocument();
    const { X, Y } = doc.value.character;
    selectOnStage({ kind: 'character' });
    expect(press('ArrowRight')).toBe(true);
    expect(press('ArrowUp', true)).toBe(true);
    expect(doc.value!.character).toMatchObject({ X: X + 1, Y: Y - 10 });
    undo();
    expect(doc.value!.character).toMatchObject({ X: X + 1, Y });
  });

  it('leaves other keys to the page', () => {
    doc.value = newDocument();
    selectOnStage({ kind: 'character' });
    expect(press('a')).toBe(false);
    expect(canUndo.value).toBe(false);
  });
});
