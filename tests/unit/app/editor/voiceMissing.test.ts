import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ textToSpeech: vi.fn(), updateProject: vi.fn() }));
const lists = vi.hoisted(() => ({ libraryItems: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, accountApi: {}, http: {} }));
vi.mock('../../../../src/app/state/libraryCache', async () => ({
  libraryItems: lists.libraryItems,
  invalidateLibrary: vi.fn(),
  libraryVersion: (await import('@preact/signals-react')).signal(0),
}));

import { documentSchema } from '../../../../src/model/project';
import { synthesisDocument } from './synthesisDocument';
import { i18n } from '../../../../src/app/i18n';
import { doc, projectId } from '../../../../src/app/state/editor';
import { startSynthesis, synthesisPhase } from '../../../../src/app/state/editorSynthesis';
import { toasts } from '../../../../src/app/state/messages';
import { checkVoice, missingVoice } from '../../../../src/app/state/missingVoice';

/*
 * A private voice deleted since the project was saved (QA): 合成视频 made the speech of every page
 * before it, then failed on this one with a bare 音色不存在.
 */

const voice = (id: string) => ({ id, show_name: id, name: id, sex: 1, isPublic: 2, pthStatus: 4 }) as never;

describe('a private voice the document names but the user no longer has', () => {
  beforeAll(() => i18n.changeLanguage('zh'));
  beforeEach(() => {
    lists.libraryItems.mockReset();
    api.textToSpeech.mockReset();
    toasts.value = [];
  });

  it('is reported missing when the own voices do not list it, and not when offline, listed or public', async () => {
    lists.libraryItems.mockResolvedValue([voice('mine-1')]);
    expect(await checkVoice('gone-2', 2)).toBe(true);
    expect(missingVoice.value).toBe('gone-2');
    expect(lists.libraryItems).toHaveBeenLastCalledWith('voices', 2, { quiet: true });
    expect(await checkVoice('mine-1', 2)).toBe(false);
    expect(missingVoice.value).toBeNull();
    lists.libraryItems.mockClear();
    expect(await checkVoice('public-voice', 1)).toBe(false);
    expect(lists.libraryItems).not.toHaveBeenCalled();
    lists.libraryItems.mockRejectedValue(new Error('network'));
    expect(await checkVoice('gone-2', 2)).toBe(false);
    expect(missingVoice.value).toBeNull();
  });

  it('stops 合成视频 with the reason before any speech is made', async () => {
    projectId.value = 3;
    doc.value = synthesisDocument({
      character: documentSchema.shape.character.parse({
        uuid: 'c1',
        staticImg: '/files/c.png',
        voiceId: 'gone-2',
        isPublic: 2,
      }),
    });
    lists.libraryItems.mockResolvedValue([voice('mine-1')]);
    await checkVoice('gone-2', 2);
    expect(await startSynthesis()).toBe(false);
    expect(toasts.value.map((t) => t.text)).toEqual([
      '本项目选择的音色已被删除，请在「音色」中重新选择后再合成',
    ]);
    expect(api.textToSpeech).not.toHaveBeenCalled();
    expect(synthesisPhase.value).toBe('idle');
  });
});
