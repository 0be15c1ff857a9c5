import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ textToSpeech: vi.fn(), updateProject: vi.fn() }));
const lists = vi.hoisted(() => ({ libraryItems: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, accountApi: {}, http: {} }));
vi.mock('../../../../src/app/state/libraryCache', async () => ({
  libraryItems: lists.libraryItems,
  invalidateLibrary: vi.fn(),
  libraryVersion: (await import('@preact/signals-react')).signal(0),
}));

import { materialMessages } from '../../../../src/api/material.contract';
import { documentSchema } from '../../../../src/model/project';
import { synthesisDocument } from './synthesisDocument';
import { i18n } from '../../../../src/app/i18n';
import { doc, projectId } from '../../../../src/app/state/editor';
import { startSynthesis, synthesisPhase } from '../../../../src/app/state/editorSynthesis';
import { toasts } from '../../../../src/app/state/messages';
import { pendingConfirm } from '../../../../src/app/state/confirm';
import { materialLists } from '../../../../src/app/state/materials';
import { checkScene, missingScene } from '../../../../src/app/state/missingScene';

/*
 * An own scene deleted since the project was saved: the editor and 全片预览 drew a grey background
 * without a word, and 合成视频 made every page's speech before the render failed on the scene.
 */

const scene = (id: string) => ({ id, name: id, path: `/${id}.jpg`, thumb: '', sizeType: 1 }) as never;

describe('a scene the document names but the library no longer has', () => {
  beforeAll(() => i18n.changeLanguage('zh'));
  beforeEach(() => {
    lists.libraryItems.mockReset();
    api.textToSpeech.mockReset();
    toasts.value = [];
  });

  it('is reported missing when neither orientation lists it, and not when offline or listed', async () => {
    lists.libraryItems.mockResolvedValue([scene('classroom')]);
    expect(await checkScene('own-9')).toBe(true);
    expect(missingScene.value).toBe('own-9');
    expect(await checkScene('classroom')).toBe(false);
    expect(missingScene.value).toBeNull();
    lists.libraryItems.mockRejectedValue(new Error('network'));
    expect(await checkScene('own-9')).toBe(false);
    expect(missingScene.value).toBeNull();
  });

  it('stops 合成视频 with the reason before any speech is made', async () => {
    projectId.value = 3;
    doc.value = synthesisDocument({
      scene: documentSchema.shape.scene.parse({ uuid: 'own-9', icon: '/files/s.png' }),
    });
    lists.libraryItems.mockResolvedValue([scene('classroom')]);
    await checkScene('own-9');
    expect(await startSynthesis()).toBe(false);
    expect(toasts.value.map((t) => t.text)).toEqual([
      '本项目选择的场景已被删除，请在「场景」中重新选择后再合成',
    ]);
    expect(api.textToSpeech).not.toHaveBeenCalled();
    expect(synthesisPhase.value).toBe('idle');
  });

  it('stops 合成视频 for deleted background music too, in the words the server would use at 确定', async () => {
    lists.libraryItems.mockResolvedValue([scene('classroom')]);
    await checkScene('classroom');
    doc.value = {
      ...doc.value!,
      scene: { ...doc.value!.scene, uuid: 'classroom' },
      bgMusic: '/files/u/1/gone.mp3',
    };
    materialLists[3].items.value = [];
    materialLists[3].loaded.value = true;
    expect(await startSynthesis()).toBe(false);
    expect(toasts.value.map((t) => t.text)).toEqual([materialMessages.musicMissing]);
    expect(api.textToSpeech).not.toHaveBeenCalled();
  });

  it('refuses deleted music before asking 未选择PDF (a yes there would only lead to the refusal)', async () => {
    doc.value = { ...doc.value!, ppt: { ...doc.value!.ppt, uuid: '' } };
    const started = startSynthesis();
    // The question would be up by now: startSynthesis asks it before its first await.
    expect(pendingConfirm.value).toBeNull();
    expect(await started).toBe(false);
    expect(toasts.value.map((t) => t.text)).toEqual([materialMessages.musicMissing]);
    expect(api.textToSpeech).not.toHaveBeenCalled();
  });

  it('still says 场景未选择 first when the scene is not chosen at all', async () => {
    doc.value = { ...doc.value!, scene: { ...doc.value!.scene, uuid: '', icon: '' } };
    expect(await startSynthesis()).toBe(false);
    expect(toasts.value.map((t) => t.text)).toEqual(['场景未选择']);
  });
});
