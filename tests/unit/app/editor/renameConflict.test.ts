import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ projectDetail: vi.fn(), updateProject: vi.fn(), renameProject: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import { ApiError } from '../../../../src/api/client';
import { Code } from '../../../../src/api/envelope';
import { projectMessages } from '../../../../src/api/project.contract';
import { newDocument, saveNarration } from '../../../../src/model/project';
import {
  dirty,
  dispatch,
  doc,
  loadProject,
  renameProject,
  revision,
  saveDocument,
  canUndo,
  undo,
} from '../../../../src/app/state/editor';
import { toasts } from '../../../../src/app/state/messages';

/*
 * A rename is saved at once and counts a revision on the server. In the editor it is no undo step
 * and keeps the revision in step; made elsewhere (the project list, another tab), the editor's next
 * save is refused as stale, and the editor takes the new name and saves again when nothing but the
 * name changed there. Before, the editor's save wrote the old name back without a word.
 */

const stored = JSON.stringify(newDocument({ projectName: '季度汇报' }));
const detail = (name: string, rev: number, content = stored) => ({
  code: 200,
  msg: '',
  data: { projectId: 5, name, detail: content, revision: rev, proKind: 3 },
});
const stale = () => new ApiError(projectMessages.stale, 'business', Code.conflict);
const sentNames = () =>
  api.updateProject.mock.calls.map(([body]) => [JSON.parse(body.userProjectInfo).projectName, body.revision]);

beforeEach(async () => {
  for (const fn of Object.values(api)) fn.mockReset();
  toasts.value = [];
  api.projectDetail.mockResolvedValueOnce(detail('季度汇报', 4));
  await loadProject(5);
  api.updateProject.mockImplementation(async (body: { revision: number }) => ({
    code: 200,
    msg: '',
    data: { revision: body.revision + 1 },
  }));
});

const type = (text: string) => dispatch(saveNarration, 0, text);

describe('renaming a project', () => {
  it('in the editor: saved at once, no undo step, the revision kept in step', async () => {
    type('第一句。');
    api.renameProject.mockResolvedValue({ code: 200, msg: '修改成功', data: { revision: 5 } });
    await renameProject('年度汇报');
    expect(api.renameProject).toHaveBeenCalledWith(5, '年度汇报');
    expect(doc.value!.projectName).toBe('年度汇报');
    expect(revision.value).toBe(5);
    // One undo step, the typing's: undoing it keeps the name the server has.
    expect(canUndo.value).toBe(true);
    undo();
    expect(canUndo.value).toBe(false);
    expect(doc.value!.projectName).toBe('年度汇报');
    await saveDocument(1);
    expect(sentNames()).toEqual([['年度汇报', 5]]);
  });

  it('elsewhere: the editor takes the new name and saves again, with no error', async () => {
    type('第一句。');
    api.updateProject.mockRejectedValueOnce(stale());
    api.projectDetail.mockResolvedValueOnce(detail('列表里改的名字', 5));
    await saveDocument(1);
    expect(sentNames()).toEqual([
      ['季度汇报', 4],
      ['列表里改的名字', 5],
    ]);
    expect(doc.value!.projectName).toBe('列表里改的名字');
    expect(revision.value).toBe(6);
    expect(dirty.value).toBe(false);
    expect(toasts.value).toEqual([]);
  });

  it('elsewhere, with the draft changed there too: the conflict is reported and nothing is saved', async () => {
    type('第一句。');
    api.updateProject.mockRejectedValueOnce(stale());
    const changed = JSON.stringify({ ...newDocument({ projectName: '季度汇报' }), subtitle: 1 });
    api.projectDetail.mockResolvedValueOnce(detail('列表里改的名字', 5, changed));
    await expect(saveDocument(1)).rejects.toThrow(projectMessages.stale);
    expect(api.updateProject).toHaveBeenCalledTimes(1);
    expect(toasts.value.map((t) => t.text)).toEqual([projectMessages.stale]);
    expect(dirty.value).toBe(true);
    expect(revision.value).toBe(4);
  });
});
