import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  listProjects: vi.fn(),
  addProject: vi.fn(),
  renameProject: vi.fn(),
  deleteProject: vi.fn(),
  composeStatus: vi.fn(),
  composeProject: vi.fn(),
  composeCancel: vi.fn(),
  listVideos: vi.fn(),
}));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, accountApi: {}, http: {} }));

import type { ComposeStatus, VideoItem } from '../../../../src/api/compose.contract';
import type { ProjectListItem } from '../../../../src/api/project.contract';
import {
  allProjects,
  clampPage,
  createProject,
  isComposing,
  kindOf,
  loadProjects,
  normalizeState,
  pollProjects,
  projectsNeedingStatus,
  projectsToPoll,
  renameProject,
  setProjectPage,
  textProjects,
} from '../../../../src/app/state/projects';
import { latestJobIds, loadVideos, mergeStatus, pollVideos, videos } from '../../../../src/app/state/videos';

const item = (projectId: number, composeStatus: string, proKind = 3): ProjectListItem => ({
  projectId,
  name: `项目${projectId}`,
  description: '',
  type: 2,
  proKind,
  distinguishability: 2,
  original: 1,
  createdAt: 1,
  updatedAt: 2,
  composeStatus,
});
const status = (
  projectId: number,
  s: ComposeStatus['status'],
  extra: Partial<ComposeStatus> = {},
): ComposeStatus => ({
  projectId,
  jobId: projectId * 10,
  status: s,
  percent: 0,
  pagesDone: 0,
  pageCount: 0,
  etaSeconds: null,
  message: '',
  video: null,
  createdAt: 1,
  updatedAt: 1,
  ...extra,
});
const ok = <T>(data: T) => Promise.resolve({ code: 200, msg: 'ok', data });

beforeEach(() => {
  vi.clearAllMocks();
  allProjects.items.value = [];
  allProjects.statuses.value = {};
  allProjects.pageIndex.value = 1;
  allProjects.pageSize.value = 20;
  allProjects.count.value = 0;
});

describe('polling decisions', () => {
  it('knows the six states and treats anything else as none', () => {
    expect(normalizeState('rendering')).toBe('rendering');
    expect(normalizeState('running')).toBe('none');
    expect(normalizeState(undefined)).toBe('none');
    expect(isComposing('queued')).toBe(true);
    expect(isComposing('rendering')).toBe(true);
    for (const s of ['none', 'done', 'failed', 'cancelled', '']) expect(isComposing(s)).toBe(false);
  });

  it('polls the rows that are queued or rendering, trusting a fresher status over the list', () => {
    const items = [
      item(1, 'queued'),
      item(2, 'rendering'),
      item(3, 'done'),
      item(4, 'rendering'),
      item(5, 'none'),
    ];
    expect(projectsToPoll(items, {})).toEqual([1, 2, 4]);
    expect(projectsToPoll(items, { 4: status(4, 'done'), 5: status(5, 'queued') })).toEqual([1, 2, 5]);
    expect(projectsToPoll([], {})).toEqual([]);
  });

  it('asks the full status of composing and failed rows only (progress, reason)', () => {
    const items = [item(1, 'none'), item(2, 'failed'), item(3, 'done'), item(4, 'queued')];
    expect(projectsNeedingStatus(items)).toEqual([2, 4]);
  });

  it('keeps the page inside the pages that exist', () => {
    expect(clampPage(3, 41, 20)).toBe(3);
    expect(clampPage(3, 40, 20)).toBe(2);
    expect(clampPage(5, 0, 20)).toBe(1);
    expect(clampPage(0, 100, 10)).toBe(1);
  });

  it('tells text (3) from voice (2) projects', () => {
    expect(kindOf(3)).toBe('text');
    expect(kindOf(2)).toBe('voice');
  });
});

describe('project lists', () => {
  it('loads a page (with the kind filter) and the status of its composing rows', async () => {
    api.listProjects.mockReturnValue(ok({ list: [item(7, 'rendering'), item(8, 'none')], count: 2 }));
    api.composeStatus.mockReturnValue(ok(status(7, 'rendering', { percent: 40 })));
    await loadProjects(textProjects);
    expect(api.listProjects).toHaveBeenCalledWith({ pageIndex: 1, pageSize: 20, proKind: 3 });
    expect(api.composeStatus).toHaveBeenCalledTimes(1);
    expect(api.composeStatus).toHaveBeenCalledWith(7, { quiet: true });
    expect(textProjects.statuses.value[7].percent).toBe(40);
    expect(textProjects.loaded.value).toBe(true);
  });

  it('goes back a page when the page asked for is past the end', async () => {
    allProjects.pageIndex.value = 3;
    api.listProjects
      .mockReturnValueOnce(ok({ list: [], count: 21 }))
      .mockReturnValueOnce(ok({ list: [item(1, 'none')], count: 21 }));
    await loadProjects(allProjects);
    expect(api.listProjects).toHaveBeenLastCalledWith({ pageIndex: 2, pageSize: 20 });
    expect(allProjects.pageIndex.value).toBe(2);
    expect(allProjects.items.value).toHaveLength(1);
  });

  it('changing the page size goes back to page 1 of the new size', () => {
    allProjects.count.value = 95;
    allProjects.pageIndex.value = 4;
    api.listProjects.mockReturnValue(ok({ list: [], count: 95 }));
    setProjectPage(allProjects, 1, 50);
    expect(api.listProjects).toHaveBeenCalledWith({ pageIndex: 1, pageSize: 50 });
  });

  it('a polling round updates progress, and reloads the list once a render has ended', async () => {
    allProjects.items.value = [item(1, 'rendering'), item(2, 'queued')];
    api.composeStatus.mockImplementation((id: number) => ok(status(id, 'rendering', { percent: 50 })));
    await pollProjects(allProjects);
    expect(api.listProjects).not.toHaveBeenCalled();
    expect(allProjects.statuses.value[2].percent).toBe(50);

    api.composeStatus.mockImplementation((id: number) => ok(status(id, id === 1 ? 'done' : 'rendering')));
    api.listProjects.mockReturnValue(ok({ list: [item(1, 'done'), item(2, 'rendering')], count: 2 }));
    await pollProjects(allProjects);
    expect(api.listProjects).toHaveBeenCalledTimes(1);
  });

  it('a failed status request does not stop polling or show anything', async () => {
    allProjects.items.value = [item(1, 'rendering')];
    api.composeStatus.mockReturnValue(Promise.reject(new Error('offline')));
    await pollProjects(allProjects);
    expect(projectsToPoll(allProjects.items.value, allProjects.statuses.value)).toEqual([1]);
  });

  it('creates a project with the spec auto name and kind, announcing the result', async () => {
    api.addProject.mockReturnValue(ok(42));
    const id = await createProject('voice', new Date(2026, 10, 22, 9, 8, 7));
    expect(id).toBe(42);
    expect(api.addProject).toHaveBeenCalledWith(
      { proKind: 2, name: '语音视频20261122090807' },
      { mode: 'announce' },
    );
  });

  it('renames in place without reloading', async () => {
    allProjects.items.value = [item(1, 'none'), item(2, 'none')];
    api.renameProject.mockReturnValue(ok(null));
    await renameProject(2, '新名字');
    expect(api.renameProject).toHaveBeenCalledWith(2, '新名字', { mode: 'announce' });
    expect(allProjects.items.value.map((p) => p.name)).toEqual(['项目1', '新名字']);
  });
});

describe('videos', () => {
  const video = (projectId: number, jobId: number, s: ComposeStatus['status']): VideoItem => ({
    ...status(projectId, s),
    jobId,
    projectName: `项目${projectId}`,
  });

  it('merges a status into the row of the same render job, keeping the project name', () => {
    const rows = [video(1, 11, 'rendering'), video(1, 9, 'done'), video(2, 12, 'queued')];
    const next = mergeStatus(rows, { ...status(1, 'rendering', { percent: 60 }), jobId: 11 });
    expect(next[0]).toMatchObject({ percent: 60, projectName: '项目1' });
    expect(next[1]).toBe(rows[1]);
    expect(next[2]).toBe(rows[2]);
  });

  it('offers 重新合成 only on the newest render of each project', () => {
    const rows = [
      video(1, 14, 'queued'),
      video(2, 13, 'failed'),
      video(1, 12, 'cancelled'),
      video(1, 11, 'failed'),
    ];
    expect([...latestJobIds(rows)]).toEqual([14, 13]);
  });

  it('polls only running renders and reloads the page when one ends', async () => {
    api.listVideos.mockReturnValue(
      ok({ list: [video(1, 11, 'rendering'), video(2, 12, 'failed')], count: 2 }),
    );
    await loadVideos();
    expect(videos.value).toHaveLength(2);
    api.composeStatus.mockReturnValue(ok({ ...status(1, 'rendering', { percent: 30 }), jobId: 11 }));
    await pollVideos();
    expect(api.composeStatus).toHaveBeenCalledTimes(1);
    expect(api.listVideos).toHaveBeenCalledTimes(1);
    expect(videos.value[0].percent).toBe(30);

    api.composeStatus.mockReturnValue(ok({ ...status(1, 'done'), jobId: 11 }));
    await pollVideos();
    expect(api.listVideos).toHaveBeenCalledTimes(2);
  });
});
