import path from 'node:path';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  migrateDocument,
  synthesisRows,
  toExportDocument,
  validateForSynthesis,
  type ProjectDocument,
} from '../../src/model/project';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import { DEMO_PROJECTS } from '../../src/server/services/demoProjects';
import { startTestServer, testDialects, type TestServer } from './helpers/testServer';

describe.each(testDialects())('/demo 示例项目 (%s)', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  const post = (url: string, token: string, body: object = {}) => t.call('POST', url, { token, body });
  const loadDraft = async (token: string, projectId: number) => {
    const res = await post('/virtual/v1/userPro/detail', token, { projectId, original: 1 });
    expect(res.body.code).toBe(200);
    const migrated = migrateDocument(JSON.parse(res.body.data.detail));
    if (!migrated.ok) throw new Error(migrated.error);
    return { doc: migrated.value, revision: res.body.data.revision as number, row: res.body.data };
  };

  beforeAll(async () => {
    t = await startTestServer(dialect);
    await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
  });
  afterAll(() => t.stop());

  it('lists at least three examples, one of them portrait, with pictures that exist', async () => {
    const res = await post('/virtual/v1/demo/list', alice);
    expect(res.body.code).toBe(200);
    const list = res.body.data as { id: string; orientation: number; pageCount: number; minutes: number }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.some((d) => d.orientation === 2)).toBe(true);
    for (const d of res.body.data) {
      expect(d.title).toBeTruthy();
      expect(d.description).toBeTruthy();
      expect(d.pageCount).toBeGreaterThanOrEqual(3);
      expect(d.minutes).toBeGreaterThan(0);
      for (const url of [d.presenterIcon, d.presenterImage, d.sceneThumb]) {
        expect(t.server.services.library.filePath(url)).toBeTruthy();
      }
    }
    // The narration is written for speaking: 40 to 120 characters per page, 3 to 5 pages.
    for (const demo of DEMO_PROJECTS) {
      expect(demo.pages.length).toBeGreaterThanOrEqual(3);
      expect(demo.pages.length).toBeLessThanOrEqual(5);
      for (const p of demo.pages) {
        expect([...p.text].length).toBeGreaterThanOrEqual(40);
        expect([...p.text].length).toBeLessThanOrEqual(120);
      }
    }
  });

  it('needs a login and refuses an unknown example', async () => {
    expect((await t.call('POST', '/virtual/v1/demo/list', { body: {} })).body.code).toBe(501);
    const res = await post('/virtual/v1/demo/copy', alice, { demoId: 'no-such-demo' });
    expect(res.body.code).toBe(404);
    expect(res.body.msg).toBe('示例不存在');
    expect(
      (await post('/virtual/v1/userPro/list', alice, { pageIndex: 1, pageSize: 10 })).body.data.count,
    ).toBe(0);
  });

  it('copies an example into the caller’s projects, narrated and ready to synthesise', async () => {
    const res = await post('/virtual/v1/demo/copy', alice, { demoId: 'physics-buoyancy' });
    expect(res.body.code).toBe(200);
    const projectId = res.body.data as number;
    const { doc, row } = await loadDraft(alice, projectId);
    expect(row).toMatchObject({ name: '初中物理：认识浮力', proKind: 3, original: 1 });
    expect(doc.distinguishability).toBe(1);
    expect(doc.character).toMatchObject({ uuid: 'linlaoshi', name: '林老师', voiceId: 'espeak-zh-female' });
    expect(doc.scene).toMatchObject({ uuid: 'classroom', name: '教室' });
    expect(doc.ppt.pages).toHaveLength(4);
    expect(validateForSynthesis(doc, { continueWithoutPdf: true }).ok).toBe(true);
    expect(synthesisRows(doc).every((r) => r.status === 'success')).toBe(true);
    for (const page of doc.ppt.pages) {
      expect(page.tts).toMatch(new RegExp(`^/files/u/\\d+/audio/`));
      expect(page.soundTime).toBeGreaterThan(3);
      const audio = await t.server.http.inject({
        method: 'GET',
        url: page.tts,
        headers: { cookie: `jwt=${alice}` },
      });
      expect(audio.statusCode).toBe(200);
      // The slide is a title card drawn into the owner's files.
      const slide = await t.server.http.inject({
        method: 'GET',
        url: page.img,
        headers: { cookie: `jwt=${alice}` },
      });
      expect(slide.statusCode).toBe(200);
      expect((await sharp(slide.rawPayload).metadata()).width).toBe(1280);
    }

    // Only alice sees it; bob can neither list nor open it.
    const mine = await post('/virtual/v1/userPro/list', alice, { pageIndex: 1, pageSize: 10 });
    expect(mine.body.data.list.map((p: { projectId: number }) => p.projectId)).toContain(projectId);
    const theirs = await post('/virtual/v1/userPro/list', bob, { pageIndex: 1, pageSize: 10 });
    expect(theirs.body.data.count).toBe(0);
    expect((await post('/virtual/v1/userPro/detail', bob, { projectId, original: 1 })).body.code).toBe(404);

    // A second copy is a new, independent project.
    const again = await post('/virtual/v1/demo/copy', alice, { demoId: 'physics-buoyancy' });
    expect(again.body.data).not.toBe(projectId);
  }, 120_000);

  // Rendering the example does not depend on the database: once per pass of `npm test`, on its
  // first dialect (SQLite and the job table; in profile 3 PostgreSQL, BullMQ and the bucket).
  if (dialect === testDialects()[0]) {
    it('renders the copied portrait example to a 928x1648 MP4', async () => {
      const res = await post('/virtual/v1/demo/copy', bob, { demoId: 'short-time-management' });
      expect(res.body.code).toBe(200);
      const projectId = res.body.data as number;
      const { doc, revision } = await loadDraft(bob, projectId);
      expect(doc.distinguishability).toBe(2);
      expect(doc.character.uuid).toBe('xiaomei');
      const exported: ProjectDocument = toExportDocument(doc);
      const saved = await post('/virtual/v1/userPro/update', bob, {
        projectId,
        userProjectInfo: JSON.stringify(exported),
        original: 2,
        revision,
      });
      expect(saved.body.code).toBe(200);
      const queued = await post('/virtual/v1/userPro/composeProject', bob, { projectId });
      expect(queued.body.code).toBe(200);
      let status = queued.body.data;
      for (let i = 0; i < 1200 && status.status !== 'done' && status.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 250));
        status = (await post('/virtual/v1/userPro/composeStatus', bob, { projectId })).body.data;
      }
      expect(status.message).toBe('合成成功');
      expect(status.video).toMatchObject({ width: 928, height: 1648 });
      const video = await t.server.http.inject({ method: 'GET', url: status.video.url });
      expect(video.statusCode).toBe(200);
      const file = path.join(t.config.dataDir, 'demo.mp4');
      writeFileSync(file, video.rawPayload);
      const info = await probe(file);
      expect(info.streams.find((s) => s.type === 'video')).toMatchObject({ width: 928, height: 1648 });
      const narration = doc.ppt.pages.reduce((sum, p) => sum + p.soundTime, 0);
      expect(Math.abs(info.durationMs / 1000 - narration)).toBeLessThan(1);
    }, 300_000);
  }
});
