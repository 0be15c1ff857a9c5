import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../src/server/adapters/media/ffmpeg';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';
import { newDocument } from '../../src/model/project';

const VIDEO_TYPE = '只能上传 MP4 格式的视频';
const VIDEO_UNREADABLE = '视频文件无法读取，请确认文件未损坏';

const work = mkdtempSync(path.join(tmpdir(), 'page-video-test-'));
/** A 2 s MP4 (colour test pattern and a tone), made once with the bundled ffmpeg. */
function smallMp4(): Buffer {
  const out = path.join(work, 'clip.mp4');
  if (!existsSync(out)) {
    const run = spawnSync(ffmpegPath(), [
      '-v', 'error',
      '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2',
      '-f', 'lavfi', '-i', 'sine=f=440:d=2',
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
      '-y', out,
    ]); // prettier-ignore
    if (run.status !== 0) throw new Error(`ffmpeg could not make the clip: ${run.stderr}`);
  }
  return readFileSync(out);
}

describe.each(testDialects())('page video upload and resDelete on %s', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  let aliceId: number;
  let projectId: number;
  let bobProjectId: number;

  beforeAll(async () => {
    t = await startTestServer(dialect);
    aliceId = await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
    const add = (token: string) => t.call('POST', '/virtual/v1/userPro/add', { token, body: { proKind: 2 } });
    projectId = (await add(alice)).body.data;
    bobProjectId = (await add(bob)).body.data;
  });
  afterAll(async () => {
    await t.stop();
  });

  const upload = (content: Buffer, filename: string, fields: Record<string, string> = {}) => {
    const form = multipart('resource', filename, content, {
      projectId: String(projectId),
      pptSort: '1',
      ...fields,
    });
    return t.call('POST', '/virtual/v1/userPro/resUpload', {
      token: alice,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const storedVideos = () => t.stored.list(`u/${aliceId}/videos`);
  const leftovers = () => {
    const tmp = path.join(t.config.dataDir, 'tmp');
    return existsSync(tmp) ? readdirSync(tmp) : [];
  };

  it('accepts a real MP4 with its duration and stores it under the owner', async () => {
    const res = await upload(smallMp4(), '讲解视频.MP4', { kind: 'video' });
    expect(res.body).toMatchObject({ code: 200 });
    const data = res.body.data;
    expect(Math.abs(data.soundTime - 2)).toBeLessThanOrEqual(0.1);
    expect(data.path).toBe(`/files/u/${aliceId}/videos/${data.resId}.mp4`);
    expect(data.timingsPath).toBe('');
    expect(await storedVideos()).toContain(`${data.resId}.mp4`);
    const stored = await t.stored.read(data.path);
    expect(stored.equals(smallMp4())).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a text file renamed .mp4 as unreadable, keeping nothing', async () => {
    const before = await storedVideos();
    const res = await upload(Buffer.from('这不是视频文件。'.repeat(200)), 'fake.mp4');
    expect(res.body).toMatchObject({ code: 400, msg: VIDEO_UNREADABLE });
    expect(await storedVideos()).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses other video names (.mov, .webm, or anything sent as a video) with the MP4 message', async () => {
    const before = await storedVideos();
    for (const [name, fields] of [
      ['clip.mov', {}],
      ['clip.webm', {}],
      ['clip.mp3', { kind: 'video' }],
    ] as const) {
      const res = await upload(smallMp4(), name, fields);
      expect(res.body).toMatchObject({ code: 400, msg: VIDEO_TYPE });
    }
    expect(await storedVideos()).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a video for a project of another user', async () => {
    const res = await upload(smallMp4(), 'clip.mp4', { projectId: String(bobProjectId) });
    expect(res.body.code).toBe(404);
    expect(leftovers()).toEqual([]);
  });

  it("resDelete removes the caller's own video and refuses another user's", async () => {
    const data = (await upload(smallMp4(), 'clip.mp4')).body.data;
    const del = (token: string, body: object) =>
      t.call('POST', '/virtual/v1/userPro/resDelete', { token, body });

    // Bob cannot delete Alice's file, through his own project or hers.
    const byBob = await del(bob, { path: data.path, resid: data.resId, projectid: bobProjectId });
    expect(byBob.body.code).toBe(403);
    expect(byBob.body.msg).toBe('无权删除该资源');
    expect((await del(bob, { path: data.path, resid: data.resId, projectid: projectId })).body.code).toBe(
      404,
    );
    expect(await storedVideos()).toContain(`${data.resId}.mp4`);
    // Paths outside the owner's resource folders are refused too.
    for (const p of [`/files/u/${aliceId}/videos/../../x.mp4`, '/files/avatars/a.png', '']) {
      expect(
        (await del(alice, { path: p, resid: '', projectid: projectId })).body.code,
      ).toBeGreaterThanOrEqual(400);
    }

    const own = await del(alice, { path: data.path, resid: data.resId, projectid: projectId });
    expect(own.body).toMatchObject({ code: 200 });
    // Kept through the grace period, so undo in the editor brings back a file that exists.
    expect(await storedVideos()).toContain(`${data.resId}.mp4`);
    const later = Date.now() + 25 * 3600_000;
    expect(await t.server.services.deferredDeletes.sweep(later)).toBe(1);
    expect(await storedVideos()).not.toContain(`${data.resId}.mp4`);
  });

  it('keeps a deleted video that a saved draft refers to again (undo, then save)', async () => {
    const data = (await upload(smallMp4(), 'clip.mp4')).body.data;
    await t.call('POST', '/virtual/v1/userPro/resDelete', {
      token: alice,
      body: { path: data.path, resid: data.resId, projectid: projectId },
    });
    // The editor's undo put the video back on page 1 and autosaved the draft.
    const doc = newDocument({ projectName: '撤销删除' });
    doc.ppt.pages[0] = { ...doc.ppt.pages[0], video: data.path, videoid: data.resId, isVideo: 1 };
    const saved = await t.call('POST', '/virtual/v1/userPro/update', {
      token: alice,
      body: { projectId, userProjectInfo: JSON.stringify(doc), original: 1 },
    });
    expect(saved.body.code).toBe(200);
    expect(await t.server.services.deferredDeletes.sweep(Date.now() + 25 * 3600_000)).toBe(0);
    expect(await storedVideos()).toContain(`${data.resId}.mp4`);
  });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));
