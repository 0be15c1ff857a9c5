import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDocument, toExportDocument, type ProjectDocument } from '../../src/model/project';
import { multipart, startTestServer, type TestServer } from './helpers/testServer';
import { frameAt, near, pixel } from './helpers/video';

/* An uploaded custom scene (scene.test.ts stores and lists it) as the background of a real render. */

const GREEN: [number, number, number] = [40, 190, 70];

describe('a custom scene in the render', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });
  afterAll(() => t.stop());

  it('is the background of the rendered video', async () => {
    const userId = await t.server.services.accounts.createUser('carol', 'secret123');
    const token = await t.login('carol', 'secret123');
    const call = (url: string, body: object) => t.call('POST', url, { token, body });
    const solid = await sharp({
      create: { width: 1000, height: 800, channels: 3, background: { r: 40, g: 190, b: 70 } },
    })
      .jpeg()
      .toBuffer();
    const form = multipart('path', 'green.jpg', solid, { sizeType: '1' });
    const up = (await t.call('POST', '/virtual/v1/scene/upload', { token, ...form })).body;
    const scene = (await call('/virtual/v1/scene/insert', { name: '绿幕', path: up.data, sizeType: 1 })).body
      .data;

    expect(scene.path).toMatch(new RegExp(`^/files/u/${userId}/scenes/`));

    const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 })).body.data;
    const text = '自定义背景测试。';
    const audio = (
      await call('/notice/v1/timbre/textToSpeech', { projectId, timbreId: 'espeak-zh-female', text })
    ).body.data;
    const base = newDocument({ projectName: '自定义背景' });
    const preview: ProjectDocument = {
      ...base,
      character: {
        ...base.character,
        uuid: 'xiaoya',
        name: '小雅',
        voiceId: 'espeak-zh-female',
        X: 40,
        Y: 110,
        width: 200,
        height: 350,
      },
      scene: { ...base.scene, uuid: scene.id, name: scene.name, path: scene.path, icon: scene.path },
      ppt: {
        ...base.ppt,
        maxNum: 1,
        pages: [
          {
            ...base.ppt.pages[0],
            index: 1,
            text,
            textdome: text,
            tts: audio.soundPath,
            soundTime: audio.soundTime,
          },
        ],
      },
    };
    let revision = 0;
    for (const [doc, original] of [
      [preview, 1],
      [toExportDocument(preview), 2],
    ] as const) {
      const res = await call('/virtual/v1/userPro/update', {
        projectId,
        userProjectInfo: JSON.stringify(doc),
        original,
        revision: revision++,
      });
      expect(res.body.code).toBe(200);
    }
    let status = (await call('/virtual/v1/userPro/composeProject', { projectId })).body.data;
    for (let i = 0; i < 600 && status.status !== 'done' && status.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await call('/virtual/v1/userPro/composeStatus', { projectId })).body.data;
    }
    expect(status.status).toBe('done');
    const video = await t.server.http.inject({ method: 'GET', url: status.video.url });
    const file = path.join(t.config.dataDir, 'scene.mp4');
    writeFileSync(file, video.rawPayload);
    const frame = frameAt(file, 0.5, 1920, 1080);
    // The top-right corner is clear of the presenter and the slide box.
    expect(near(pixel(frame, 1920, 1880, 40), GREEN, 30)).toBe(true);
  }, 120_000);
});
