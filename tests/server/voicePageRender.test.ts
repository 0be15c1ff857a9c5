import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDocument, toExportDocument, VOICE_MODE, type ProjectDocument } from '../../src/model/project';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import { mouthBox } from '../../src/server/video/renderPlan';
import { startTestServer, testDialects, type TestServer } from './helpers/testServer';
import { encodeTone, formats, TOTAL_MS, uploadPageAudio } from './helpers/toneAudio';
import { boxDifference, frameAt } from './helpers/video';

/*
 * A voice page in a real render: page audio uploaded as an M4A (a 1 s tone, then silence) on page
 * 2 of a project whose page 1 is spoken by TTS; the video has both pages' length and, on the voice
 * page, the presenter's mouth opens in the tone and shuts after it. The upload itself is
 * resource.test.ts.
 */

const work = mkdtempSync(path.join(tmpdir(), 'voice-page-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(testDialects())('a voice page with uploaded audio, rendered, on %s', (dialect) => {
  let t: TestServer;
  let alice: string;
  let aliceId: number;
  let projectId: number;

  beforeAll(async () => {
    t = await startTestServer(dialect);
    aliceId = await t.server.services.accounts.createUser('alice', 'secret123');
    alice = await t.login('alice', 'secret123');
    projectId = (await t.call('POST', '/virtual/v1/userPro/add', { token: alice, body: { proKind: 2 } })).body
      .data;
  });
  afterAll(async () => {
    await t.stop();
  });

  it('renders a 2-page project whose page 2 is a voice page with uploaded audio', async () => {
    const m4a = encodeTone(work, 'm4a', formats[1][1]);
    const voiced = (await uploadPageAudio(t, alice, projectId, m4a, '第二页.m4a', { pptSort: '2' })).body
      .data;
    const call = (url: string, body: object) => t.call('POST', url, { token: alice, body });
    const text = '大家好，这是第一页。';
    const tts = (
      await call('/notice/v1/timbre/textToSpeech', { projectId, timbreId: 'espeak-zh-female', text })
    ).body.data;

    const slide = sharp({
      create: { width: 1920, height: 1080, channels: 3, background: { r: 200, g: 40, b: 40 } },
    });
    await t.stored.write(`u/${aliceId}/test/slide.png`, await slide.png().toBuffer());
    const base = newDocument({ projectName: '语音页测试' });
    const slidePath = `/files/u/${aliceId}/test/slide.png`;
    const preview: ProjectDocument = {
      ...base,
      character: {
        ...base.character,
        uuid: 'xiaoya',
        name: '小雅',
        voiceId: 'espeak-zh-female',
        voiceName: '中文女声',
        X: 40,
        Y: 110,
        width: 200,
        height: 350,
      },
      scene: { ...base.scene, uuid: 'test', path: slidePath, icon: slidePath },
      ppt: {
        ...base.ppt,
        maxNum: 2,
        pages: [
          {
            ...base.ppt.pages[0],
            index: 1,
            img: slidePath,
            text,
            textdome: text,
            tts: tts.soundPath,
            soundTime: tts.soundTime,
          },
          {
            ...base.ppt.pages[0],
            index: 2,
            img: slidePath,
            istts: VOICE_MODE,
            tts: voiced.path,
            soundTime: voiced.soundTime,
          },
        ],
      },
    };
    expect((await call('/virtual/v1/userPro/update', { projectId, userProjectInfo: JSON.stringify(preview), original: 1, revision: 0 })).body.code).toBe(200); // prettier-ignore
    const final = toExportDocument(preview);
    expect((await call('/virtual/v1/userPro/update', { projectId, userProjectInfo: JSON.stringify(final), original: 2, revision: 1 })).body.code).toBe(200); // prettier-ignore

    const queued = await call('/virtual/v1/userPro/composeProject', { projectId });
    expect(queued.body).toMatchObject({ code: 200 });
    let status = queued.body.data;
    for (let i = 0; i < 600 && status.status !== 'done' && status.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await call('/virtual/v1/userPro/composeStatus', { projectId })).body.data;
    }
    expect(status.message).toBe('合成成功');
    const video = await t.server.http.inject({ method: 'GET', url: status.video.url });
    const file = path.join(work, `voice-page-${dialect}.mp4`);
    writeFileSync(file, video.rawPayload);
    const info = await probe(file);
    expect(info.streams.some((s) => s.type === 'audio')).toBe(true);
    const expected = (tts.soundTime + voiced.soundTime) * 1000;
    expect(Math.abs(info.durationMs - expected)).toBeLessThan(200);

    // On the voice page the presenter's mouth follows the uploaded audio: open in the tone, shut after.
    const rig = t.server.services.library.character('xiaoya')!;
    const { X, Y, width, height } = final.character;
    const box = mouthBox(
      { ...rig.rig, width: rig.width, height: rig.height, body: '', blink: '', mouths: {} },
      { x: X, y: Y, width, height },
    );
    const inner = { x: box.x + 2, y: box.y + 2, width: box.width - 4, height: box.height - 4 };
    const page2 = tts.soundTime;
    const silent = frameAt(file, page2 + (TOTAL_MS - 200) / 1000, 1920, 1080);
    const speaking = [0.2, 0.4, 0.6].map((s) => frameAt(file, page2 + s, 1920, 1080));
    expect(Math.max(...speaking.map((f) => boxDifference(silent, f, 1920, inner)))).toBeGreaterThan(8);
  }, 240_000);
});
