import { afterEach, describe, expect, it } from 'vitest';
import { newDocument, saveNarration, stickerMarkerHtml } from '../../../../src/model/project';
import { clearProject, doc, undo } from '../../../../src/app/state/editor';
import { draftVersion, loadDraft, narrationDraft } from '../../../../src/app/state/editorNarration';
import {
  deleteSelection,
  nudgeSelection,
  selectedSticker,
  selectOnStage,
} from '../../../../src/app/state/editorStickers';
import {
  checkTextureFile,
  newStickerInstanceId,
  textureTypeOfBytes,
} from '../../../../src/app/screens/editor/insert/textureFile';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00');

describe('sticker files are checked by their first bytes', () => {
  it('recognises PNG and GIF signatures and nothing else', () => {
    expect(textureTypeOfBytes(PNG)).toBe(1);
    expect(textureTypeOfBytes(GIF)).toBe(2);
    expect(textureTypeOfBytes(new TextEncoder().encode('GIF87a'))).toBe(2);
    expect(textureTypeOfBytes(new TextEncoder().encode('\xff\xd8\xff\xe0JFIF'))).toBeNull();
    expect(textureTypeOfBytes(new Uint8Array())).toBeNull();
  });

  it('answers with the spec messages when the content is not the tab type', async () => {
    expect(await checkTextureFile(new Blob([PNG], { type: 'image/gif' }), 1)).toBeNull();
    expect(await checkTextureFile(new Blob([GIF], { type: 'image/png' }), 1)).toBe(
      '上传图片只能是 PNG 格式!',
    );
    expect(await checkTextureFile(new Blob([PNG]), 2)).toBe('上传图片只能是 GIF 格式!');
  });

  it('gives every inserted marker a new instance id the marker format accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newStickerInstanceId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});

describe('the selected sticker on the preview', () => {
  afterEach(() => {
    selectOnStage(null);
    clearProject();
  });

  function open() {
    const star = stickerMarkerHtml({ textureId: 's001', kind: 'png', id: 'a', path: '/s/1.png' });
    const saved = saveNarration(newDocument(), 0, `你好${star}世界`);
    if (!saved.ok) throw new Error(saved.error);
    doc.value = saved.value;
    loadDraft();
  }

  it('Arrow keys move it one step per press, each its own undo step', () => {
    open();
    selectOnStage({ kind: 'sticker', index: 0 });
    expect(selectedSticker.value).toBe(0);
    nudgeSelection(1, 0);
    nudgeSelection(0, 10);
    expect(doc.value!.ppt.pages[0].textureList[0]).toMatchObject({ x: 431, y: 230 });
    undo();
    expect(doc.value!.ppt.pages[0].textureList[0]).toMatchObject({ x: 431, y: 220 });
  });

  it('Delete removes it and its marker from the narration box; undo brings both back', () => {
    open();
    selectOnStage({ kind: 'sticker', index: 0 });
    const version = draftVersion.value;
    const result = deleteSelection();
    expect(result?.ok).toBe(true);
    expect(doc.value!.ppt.pages[0].textureList).toEqual([]);
    expect(narrationDraft.value).not.toContain('ps-sticker');
    expect(draftVersion.value).toBeGreaterThan(version);
    expect(selectedSticker.value).toBeNull();
    undo();
    expect(doc.value!.ppt.pages[0].textureList).toHaveLength(1);
    expect(doc.value!.ppt.pages[0].textdome).toContain('data-texture="s001"');
  });

  it('nothing selected: the keys do nothing; the slide and presenter nudge too', () => {
    open();
    expect(nudgeSelection(1, 1)).toBeNull();
    expect(deleteSelection()).toBeNull();
    selectOnStage({ kind: 'slide' });
    const x = doc.value!.scene.pptX;
    nudgeSelection(-10, 0);
    expect(doc.value!.scene.pptX).toBe(x - 10);
    selectOnStage({ kind: 'character' });
    const y = doc.value!.character.Y;
    nudgeSelection(0, 1);
    expect(doc.value!.character.Y).toBe(y + 1);
    // Delete only removes stickers.
    expect(deleteSelection()).toBeNull();
  });
});
