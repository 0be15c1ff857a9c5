import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDocument, toExportDocument, type ProjectDocument } from '../../../src/model/project';
import { probe } from '../../../src/server/adapters/media/ffmpeg';
import { headCorner, headLayout, motionTimeline, poseAt } from '../../../src/model/motion';
import type { MouthCue } from '../../../src/model/speech';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { frameAt, near, pixel } from '../helpers/video';

const RED: [number, number, number] = [230, 30, 30];
const BLUE: [number, number, number] = [30, 60, 200];

describe('render a 2-page TTS project to MP4', () => {
  let t: TestServer;
  let token: string;
  let userId: number;
  let projectId: number;
  let videoFile: string;
  let doc: ProjectDocument;
  const timings: { durationMs: number; mouth: { startMs: number; shape: string }[] }[] = [];

  const call = (url: string, body: object) => t.call('POST', url, { token, body });

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    userId = await t.server.services.accounts.createUser('alice', 'secret123');
    token = await t.login('alice', 'secret123');
    projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 })).body.data;

    // Solid test colours: a blue background and a red slide, stored as the user's own files.
    const solid = (rgb: number[], w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
        .png()
        .toBuffer();
    await t.stored.write(`u/${userId}/test/bg.png`, await solid(BLUE, 1920, 1080));
    await t.stored.write(`u/${userId}/test/slide.png`, await solid(RED, 1920, 1080));

    const texts = ['大家好，欢迎来到产品发布会。', '今天我们介绍三个新功能，谢谢大家。'];
    const audio: { soundPath: string; soundTime: number }[] = [];
    for (const text of texts) {
      const res = await call('/notice/v1/timbre/textToSpeech', {
        projectId,
        timbreId: 'espeak-zh-female',
        text,
      });
      expect(res.body.code).toBe(200);
      audio.push(res.body.data);
      const json = await t.server.http.inject({
        method: 'GET',
        url: res.body.data.timingsPath,
        headers: { cookie: `jwt=${token}` },
      });
      timings.push(JSON.parse(json.body));
    }

    const base = newDocument({ projectName: '渲染测试' });
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
      scene: {
        ...base.scene,
        uuid: 'test',
        path: `/files/u/${userId}/test/bg.png`,
        icon: `/files/u/${userId}/test/bg.png`,
        pptX: 500,
        pptY: 120,
        pptWidth: 400,
        pptHeight: 225,
      },
      ppt: {
        ...base.ppt,
        maxNum: 2,
        pages: texts.map((text, i) => ({
          ...base.ppt.pages[0],
          index: i + 1,
          img: `/files/u/${userId}/test/slide.png`,
          text,
          textdome: text,
          tts: audio[i].soundPath,
          soundTime: audio[i].soundTime,
        })),
      },
    };
    doc = toExportDocument(preview);
    const draft = await call('/virtual/v1/userPro/update', {
      projectId,
      userProjectInfo: JSON.stringify(preview),
      original: 1,
      revision: 0,
    });
    expect(draft.body.code).toBe(200);
    const final = await call('/virtual/v1/userPro/update', {
      projectId,
      userProjectInfo: JSON.stringify(doc),
      original: 2,
      revision: 1,
    });
    expect(final.body.code).toBe(200);

    const queued = await call('/virtual/v1/userPro/composeProject', { projectId });
    expect(queued.body.code).toBe(200);
    let status = queued.body.data;
    const seen = new Set<string>();
    for (let i = 0; i < 600 && status.status !== 'done' && status.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await call('/virtual/v1/userPro/composeStatus', { projectId })).body.data;
      seen.add(status.status);
    }
    expect(status.message).toBe('合成成功');
    expect(status.status).toBe('done');
    expect(seen.has('rendering') || seen.has('done')).toBe(true);
    const video = await t.server.http.inject({ method: 'GET', url: status.video.url });
    expect(video.statusCode).toBe(200);
    videoFile = path.join(t.config.dataDir, 'out.mp4');
    writeFileSync(videoFile, video.rawPayload);
  }, 240_000);
  afterAll(() => t.stop());

  it('is H.264 + AAC at 1920x1080 lasting the sum of the narration (within 0.2 s)', async () => {
    const info = await probe(videoFile);
    const v = info.streams.find((s) => s.type === 'video')!;
    const a = info.streams.find((s) => s.type === 'audio')!;
    expect(v).toMatchObject({ codec: 'h264', width: 1920, height: 1080 });
    expect(a.codec).toBe('aac');
    const narration = timings.reduce((sum, x) => sum + x.durationMs, 0);
    expect(Math.abs(info.durationMs - narration)).toBeLessThan(200);
  });

  it('draws the slide and the presenter at their export positions over the background', () => {
    const frame = frameAt(videoFile, 0.5, 1920, 1080);
    const { scene, character } = doc;
    expect(scene.pptX).toBe(1000); // 500 x 2
    expect(
      near(pixel(frame, 1920, scene.pptX + scene.pptWidth / 2, scene.pptY + scene.pptHeight / 2), RED),
    ).toBe(true);
    expect(near(pixel(frame, 1920, scene.pptX + 4, scene.pptY + 4), RED)).toBe(true);
    expect(near(pixel(frame, 1920, scene.pptX - 6, scene.pptY + 20), BLUE)).toBe(true);
    expect(near(pixel(frame, 1920, 1900, 20), BLUE)).toBe(true);
    // The presenter's torso (blazer) covers the background at the centre of the character box.
    const torso = pixel(
      frame,
      1920,
      character.X + character.width / 2,
      character.Y + character.height * 0.55,
    );
    expect(near(torso, BLUE, 10)).toBe(false);
    expect(near(pixel(frame, 1920, character.X + 3, character.Y + 3), BLUE)).toBe(true);
  });

  it('moves the mouth while speaking and rests it in silence', async () => {
    const rig = t.server.services.library.character('xiaoya')!;
    const parts = rig.rig.parts!;
    const box = {
      x: doc.character.X,
      y: doc.character.Y,
      width: doc.character.width,
      height: doc.character.height,
    };
    const layout = headLayout({ ...rig, ...rig.rig, head: parts.headBox, pivot: parts.pivot }, box);
    // The mouth rides on the moving head: where it is on page `page` (1-based) `ms` into the page.
    const mouthAt = (page: number, ms: number) => {
      const t = timings[page - 1];
      const motion = motionTimeline({ durationMs: t.durationMs, seed: page, cues: t.mouth as MouthCue[] });
      const corner = headCorner(layout, poseAt(motion, ms));
      const m = layout.mouth;
      return { x: corner.x + m.x + 6, y: corner.y + m.y + 4, width: m.width - 12, height: m.height - 8 };
    };
    // An open mouth shows its dark inside; the resting mouth is a closed smile.
    const dark = (frame: Buffer, b: { x: number; y: number; width: number; height: number }) => {
      let n = 0;
      for (let y = b.y; y < b.y + b.height; y++)
        for (let x = b.x; x < b.x + b.width; x++) {
          const [r, g, bl] = pixel(frame, 1920, x, y);
          if (r + g + bl < 260) n++;
        }
      return n / (b.width * b.height);
    };
    const rest = dark(frameAt(videoFile, 0.0, 1920, 1080), mouthAt(1, 0));
    const open = timings[0].mouth.filter((c) => c.shape === 'D' || c.shape === 'C');
    expect(open.length).toBeGreaterThan(0);
    const speaking = open.map((c) =>
      dark(frameAt(videoFile, (c.startMs + 30) / 1000, 1920, 1080), mouthAt(1, c.startMs + 30)),
    );
    expect(Math.max(...speaking)).toBeGreaterThan(rest + 0.08);

    // Each narration clip closes with a pause: the mouth is back at rest (X) there.
    const end = timings[0].durationMs + timings[1].durationMs;
    const lastCue = timings[1].mouth.at(-1)!;
    expect(lastCue.shape).toBe('X');
    expect(timings[1].durationMs - lastCue.startMs).toBeGreaterThanOrEqual(300);
    const quiet = dark(
      frameAt(videoFile, (end - 120) / 1000, 1920, 1080),
      mouthAt(2, timings[1].durationMs - 120),
    );
    expect(Math.abs(quiet - rest)).toBeLessThan(0.02);
  });
});
