import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  textToSpeech: vi.fn(),
  updateProject: vi.fn(),
  composeProject: vi.fn(),
  renameProject: vi.fn(),
  projectDetail: vi.fn(),
}));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import { documentSchema, type ProjectDocument } from '../../../../src/model/project';
import { synthesisDocument } from './synthesisDocument';
import { pendingConfirm } from '../../../../src/app/state/confirm';
import { doc, projectId, revision } from '../../../../src/app/state/editor';
import { toasts } from '../../../../src/app/state/messages';
import {
  cancelSynthesis,
  canConfirm,
  confirmSynthesis,
  startSynthesis,
  synthesisPhase,
  synthesisTable,
  toggleSubtitle,
} from '../../../../src/app/state/editorSynthesis';

const lastToast = () => toasts.value.at(-1)?.text;
const speech = (n: number) => ({
  code: 200,
  msg: '',
  data: { soundPath: `/files/a${n}.wav`, soundTime: 1.5, timingsPath: '' },
});
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  let n = 0;
  api.textToSpeech.mockImplementation(() => Promise.resolve(speech(++n)));
  api.updateProject.mockImplementation(() =>
    Promise.resolve({ code: 200, msg: '', data: { revision: revision.value + 1 } }),
  );
  api.composeProject.mockResolvedValue({ code: 200, msg: '', data: {} });
  projectId.value = 7;
  revision.value = 3;
  doc.value = synthesisDocument();
  toasts.value = [];
});
afterEach(() => {
  cancelSynthesis();
  pendingConfirm.value?.resolve(false);
});

describe('合成视频 validation (spec 5, in order)', () => {
  it.each([
    [{ character: documentSchema.shape.character.parse({}) }, '人物未选择'],
    [{ character: documentSchema.shape.character.parse({ uuid: 'c1' }) }, '音色未选择'],
    [{ scene: documentSchema.shape.scene.parse({}) }, '场景未选择'],
  ])('refuses and says why: %#', async (overrides, message) => {
    doc.value = synthesisDocument(overrides as Partial<ProjectDocument>);
    expect(await startSynthesis()).toBe(false);
    expect(lastToast()).toBe(message);
    expect(synthesisPhase.value).toBe('idle');
    expect(api.textToSpeech).not.toHaveBeenCalled();
  });

  it('asks 未选择PDF，是否继续合成? and stops with 已取消 on 取消', async () => {
    doc.value = synthesisDocument({ ppt: { ...synthesisDocument().ppt, uuid: '' } });
    const started = startSynthesis();
    await flush();
    expect(pendingConfirm.value?.content).toBe('未选择PDF，是否继续合成?');
    expect(pendingConfirm.value?.confirmText).toBe('确定');
    expect(pendingConfirm.value?.cancelText).toBe('取消');
    pendingConfirm.value!.resolve(false);
    expect(await started).toBe(false);
    expect(lastToast()).toBe('已取消');
  });

  it('goes on without a PDF after 确定', async () => {
    doc.value = synthesisDocument({ ppt: { ...synthesisDocument().ppt, uuid: '' } });
    const started = startSynthesis();
    await flush();
    pendingConfirm.value!.resolve(true);
    expect(await started).toBe(true);
    expect(synthesisPhase.value).toBe('ready');
  });

  it('reports the first page without narration', async () => {
    const pages = synthesisDocument().ppt.pages;
    doc.value = synthesisDocument({
      ppt: { ...synthesisDocument().ppt, pages: [pages[0], { ...pages[1], text: '' }] },
    });
    expect(await startSynthesis()).toBe(false);
    expect(lastToast()).toBe('第2页未保存或文字少于1个字');
  });
});

describe('the synthesis list (public voice)', () => {
  it('converts page by page, then enables 确定', async () => {
    expect(await startSynthesis()).toBe(true);
    expect(api.textToSpeech.mock.calls.map((c) => c[0])).toEqual([
      { projectId: 7, timbreId: 'v1', text: '第一页的讲解' },
      { projectId: 7, timbreId: 'v1', text: '第二页的讲解' },
    ]);
    expect(synthesisTable.value.map((r) => [r.index, r.seconds, r.status])).toEqual([
      [1, 1.5, 'success'],
      [2, 1.5, 'success'],
    ]);
    expect(canConfirm.value).toBe(true);
  });

  it('skips pages whose audio is already there', async () => {
    const pages = synthesisDocument().ppt.pages;
    doc.value = synthesisDocument({
      ppt: {
        ...synthesisDocument().ppt,
        pages: [{ ...pages[0], tts: '/files/old.wav', soundTime: 2 }, pages[1]],
      },
    });
    await startSynthesis();
    expect(api.textToSpeech).toHaveBeenCalledTimes(1);
    expect(doc.value!.ppt.pages[0].tts).toBe('/files/old.wav');
  });

  it('shows waiting pages as 处理中 while converting, and 取消 stops it', async () => {
    let release: (v: unknown) => void = () => undefined;
    api.textToSpeech.mockImplementationOnce(() => new Promise((r) => (release = r)));
    const started = startSynthesis();
    await flush();
    expect(synthesisPhase.value).toBe('converting');
    expect(synthesisTable.value.map((r) => r.status)).toEqual(['processing', 'processing']);
    expect(canConfirm.value).toBe(false);
    cancelSynthesis();
    release(speech(1));
    await started;
    expect(synthesisPhase.value).toBe('idle');
    expect(api.textToSpeech).toHaveBeenCalledTimes(1);
    expect(doc.value!.ppt.pages[0].tts).toBe('');
  });

  it('marks the row 失败 and keeps 确定 disabled when a conversion fails', async () => {
    api.textToSpeech.mockReset();
    api.textToSpeech.mockResolvedValueOnce(speech(1)).mockRejectedValueOnce(new Error('boom'));
    await startSynthesis();
    expect(synthesisPhase.value).toBe('failed');
    expect(synthesisTable.value.map((r) => r.status)).toEqual(['success', 'failed']);
    expect(canConfirm.value).toBe(false);
  });

  it('subtitle switch sets subtitle 1 on / 2 off', () => {
    toggleSubtitle(true);
    expect(doc.value!.subtitle).toBe(1);
    toggleSubtitle(false);
    expect(doc.value!.subtitle).toBe(2);
  });

  it('确定 saves the draft, then the final document, then requests the render and clears the project', async () => {
    await startSynthesis();
    expect(await confirmSynthesis()).toBe(true);
    const saves = api.updateProject.mock.calls.map((c) => c[0]);
    expect(saves.map((s) => [s.original, s.revision, s.projectId])).toEqual([
      [1, 3, 7],
      [2, 4, 7],
    ]);
    const final = JSON.parse(saves[1].userProjectInfo) as ProjectDocument;
    const draft = JSON.parse(saves[0].userProjectInfo) as ProjectDocument;
    // Export coordinates: landscape sizes doubled (spec 9).
    expect(final.character.X).toBe(draft.character.X * 2);
    expect(api.composeProject).toHaveBeenCalledWith(7);
    expect(doc.value).toBeNull();
    expect(projectId.value).toBeNull();
    expect(synthesisPhase.value).toBe('idle');
  });

  it('stops loading and stays on the list when the render request fails', async () => {
    await startSynthesis();
    api.composeProject.mockRejectedValueOnce(new Error('队列已满'));
    expect(await confirmSynthesis()).toBe(false);
    expect(lastToast()).toBe('队列已满');
    expect(synthesisPhase.value).toBe('ready');
    expect(doc.value).not.toBeNull();
  });
});
