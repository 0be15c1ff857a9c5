import { describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ projectDetail: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import { newDocument } from '../../../../src/model/project';
import { doc, loadProject, projectId, revision } from '../../../../src/app/state/editor';

describe('opening a project in the editor', () => {
  it('leaves no earlier project live when the next one cannot be loaded', async () => {
    projectId.value = 3;
    revision.value = 5;
    doc.value = newDocument();
    api.projectDetail.mockRejectedValue(new Error('项目不存在或无权访问'));
    await expect(loadProject(99999)).rejects.toThrow('项目不存在或无权访问');
    // 保存草稿 and 合成视频 read these: with no project they do nothing and are disabled.
    expect(projectId.value).toBeNull();
    expect(doc.value).toBeNull();
    expect(revision.value).toBe(0);
  });
});
