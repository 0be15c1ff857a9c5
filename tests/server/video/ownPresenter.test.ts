import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../../../src/model/project';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { frameAt, near, pixel } from '../helpers/video';
import { multiForm, solidImage, talkingVideo, type Rgb } from '../helpers/presenterFixtures';
import { RenderProject } from './renderProject';

/*
 * 我的数字人 in the final video: each of the three kinds renders where the document puts the
 * presenter — the sprite rig like a built-in, the talking video keyed over the scene and moving
 * only while speaking, the single picture drawn (and gently moving) in its box; also inside a shot
 * part (人物全身), which frames the presenter anew.
 */

const BLUE: Rgb = [30, 60, 200];
const YELLOW: Rgb = [240, 200, 20];
const RED: Rgb = [220, 30, 30];
const GREEN: Rgb = [30, 180, 60];
const W = 1920;
const H = 1080;

describe('own presenters in the render', () => {
  let t: TestServer;
  let token: string;
  let project: RenderProject;
  let background: string;
  let clip: Awaited<ReturnType<RenderProject['speak']>>;

  const add = async (fields: Record<string, string>, files: Parameters<typeof multiForm>[1]) => {
    const res = await t.call('POST', '/virtual/v1/virtual/add', { token, ...multiForm(fields, files) });
    expect(res.body.code).toBe(200);
    const id: string = res.body.data.id;
    for (let i = 0; i < 300; i++) {
      const mine = await t.call('POST', '/virtual/v1/virtual/mine', {
        token,
        body: { pageIndex: 1, pageSize: 100 },
      });
      const item = mine.body.data.list.find((p: { id: string }) => p.id === id);
      if (item.status === 1) return item as { id: string; width: number; height: number };
      expect(item.status).toBe(0);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`presenter ${id} was not processed in time`);
  };

  /** One page: blue scene, no slide, the presenter at preview box 300,100 240x400 (export x2). */
  const documentWith = (characterId: string, shots: false | 3 | 4 = false): ProjectDocument => {
    const base = project.document(1, background, [{ ...clip, text: '大家好' }], 2);
    const page = base.ppt.pages[0];
    return {
      ...base,
      character: { ...base.character, uuid: characterId, X: 300, Y: 100, width: 240, height: 400 },
      ppt: {
        ...base.ppt,
        pages: [
          shots
            ? {
                ...page,
                tts: '',
                childList: [
                  { ttsText: '大家好', tts: clip.soundPath, mouthVideo: '', isScale: 1, index: 1 },
                  { ttsText: '大家好', tts: clip.soundPath, mouthVideo: '', isScale: shots, index: 2 },
                ],
              }
            : page,
        ],
      },
    };
  };

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    token = await t.login('alice', 'secret123');
    project = await RenderProject.create(t, token, userId);
    background = await project.solid('bg.png', BLUE, W, H);
    clip = await project.speak('大家好，这是我自己的数字人。');
  }, 60_000);
  afterAll(() => t.stop());

  // The presenter's export box: x 600..1080, y 200..1000.
  const inBox = (file: string, s: number) => pixel(frameAt(file, s, W, H), W, 840, 600);
  const outside = (file: string, s: number) => pixel(frameAt(file, s, W, H), W, 300, 600);

  it('renders a sprite-rig presenter like a built-in one', async () => {
    const p = await add({ name: '黄色主播', kind: '1', mouthLeft: '140', mouthTop: '200', mouthWidth: '120', mouthHeight: '80' }, [
      { field: 'body', filename: 'body.png', content: await solidImage(400, 700, YELLOW) },
      { field: 'mouthX', filename: 'x.png', content: await solidImage(120, 80, RED) },
    ]); // prettier-ignore
    const { file } = await project.render(documentWith(p.id), 'own-sprites.mp4');
    expect(near(inBox(file, 0.5), YELLOW)).toBe(true);
    expect(near(outside(file, 0.5), BLUE)).toBe(true);
  }, 180_000);

  it('renders a single picture in its box, breathing and bobbing gently', async () => {
    // Green with a red band across the middle: the band's height on screen shows the motion.
    const picture = await sharp(await solidImage(240, 400, GREEN))
      .composite([{ input: await solidImage(240, 20, RED), top: 190, left: 0 }])
      .png()
      .toBuffer();
    const p = await add({ name: '照片', kind: '3' }, [
      { field: 'picture', filename: 'me.png', content: picture },
    ]);
    const { file } = await project.render(documentWith(p.id), 'own-picture.mp4');
    expect(near(pixel(frameAt(file, 0.5, W, H), W, 840, 400), GREEN)).toBe(true);
    expect(near(outside(file, 0.5), BLUE)).toBe(true);
    const bandTop = (s: number) => {
      const frame = frameAt(file, s, W, H);
      return Array.from({ length: 200 }, (_, i) => 500 + i).find((y) => near(pixel(frame, W, 840, y), RED));
    };
    // Export box y 200..1000: the band (rows 190..210 of 400) sits near y 580 and moves a few px.
    const tops = [0, 0.5, 1, 1.5, 2, 2.5].map(bandTop) as number[];
    for (const y of tops) expect(Math.abs(y - 580)).toBeLessThan(12);
    expect(Math.max(...tops) - Math.min(...tops)).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it('renders a keyed talking video that moves while speaking, also framed by a shot tag', async () => {
    const p = await add({ name: '绿幕主播', kind: '2', keyEnabled: '1' }, [
      {
        field: 'video',
        filename: 'talk.mp4',
        content: talkingVideo({ seconds: 2, width: 240, height: 400 }),
      },
    ]);
    const doc = documentWith(p.id);
    const { file } = await project.render(doc, 'own-video.mp4');
    // Keyed: the green screen is gone, the scene shows through at the box's corner.
    expect(near(pixel(frameAt(file, 1, W, H), W, 610, 210), BLUE)).toBe(true);
    // The red square sways while speaking: two speaking frames differ inside the box.
    const row = (s: number) => {
      const frame = frameAt(file, s, W, H);
      return Array.from({ length: 40 }, (_, i) => near(pixel(frame, W, 640 + i * 10, 600), RED));
    };
    expect(row(0.8)).not.toEqual(row(1.05));
    expect(row(0.8).some(Boolean)).toBe(true);

    // 人物全身 in the second segment: the presenter fills the frame height there.
    const framed = await project.render(documentWith(p.id, 3), 'own-video-shots.mp4');
    const late = (2 * clip.timings.durationMs) / 1000 - 0.6;
    const tall = frameAt(framed.file, late, W, H);
    const redRows = Array.from({ length: 54 }, (_, i) => i * 20).filter((y) =>
      Array.from({ length: 96 }, (_, i) => near(pixel(tall, W, i * 20, y), RED)).some(Boolean),
    );
    // The square (100/400 of the presenter height) spans about a quarter of 1080 px when framed.
    expect(redRows.length * 20).toBeGreaterThan(200);
  }, 240_000);

  it('frames the person, not the picture, in 人物半身 and 人物全身 (a picture with empty space above)', async () => {
    // 240 x 400: the top half transparent, the person below it green with a red head band on top.
    const picture = await sharp({
      create: { width: 240, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        { input: await solidImage(120, 200, GREEN), top: 200, left: 60 },
        { input: await solidImage(120, 20, RED), top: 200, left: 60 },
      ])
      .png()
      .toBuffer();
    const p = await add({ name: '留白照片', kind: '3' }, [
      { field: 'picture', filename: 'me.png', content: picture },
    ]);
    const late = (2 * clip.timings.durationMs) / 1000 - 0.6;
    const column = (file: string) => {
      const frame = frameAt(file, late, W, H);
      return Array.from({ length: H / 4 }, (_, i) => pixel(frame, W, W / 2, i * 4));
    };
    // 人物半身: the head band sits just below the 5% headroom (54 px), and the person's upper half
    // reaches the bottom edge; framing the picture left the frame empty (its transparent top half).
    const half = column((await project.render(documentWith(p.id, 4), 'own-picture-half.mp4')).file);
    const redTop = half.findIndex((c) => near(c, RED)) * 4;
    expect(redTop).toBeGreaterThanOrEqual(40);
    expect(redTop).toBeLessThanOrEqual(70);
    expect(near(half[half.length - 1], GREEN)).toBe(true);
    // 人物全身: the person, head to foot, fills the frame below the headroom.
    const full = column((await project.render(documentWith(p.id, 3), 'own-picture-full.mp4')).file);
    const fullTop = full.findIndex((c) => near(c, RED)) * 4;
    expect(fullTop).toBeGreaterThanOrEqual(40);
    expect(fullTop).toBeLessThanOrEqual(70);
    expect(near(full[full.length - 1], GREEN)).toBe(true);
    expect(near(full[Math.round(full.length / 2)], GREEN)).toBe(true);

    // A sprite-rig presenter whose body has the same empty top: framed by its person too.
    const body = await sharp({
      create: { width: 400, height: 700, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await solidImage(200, 350, YELLOW), top: 350, left: 100 }])
      .png()
      .toBuffer();
    const sprites = await add({ name: '留白主播', kind: '1', mouthLeft: '160', mouthTop: '450', mouthWidth: '80', mouthHeight: '40' }, [
      { field: 'body', filename: 'body.png', content: body },
      { field: 'mouthX', filename: 'x.png', content: await solidImage(80, 40, RED) },
    ]); // prettier-ignore
    const rigHalf = column((await project.render(documentWith(sprites.id, 4), 'own-sprites-half.mp4')).file);
    const yellowTop = rigHalf.findIndex((c) => near(c, YELLOW)) * 4;
    expect(yellowTop).toBeGreaterThanOrEqual(40);
    expect(yellowTop).toBeLessThanOrEqual(70);
    // The mouth (rows 450-490 of the body's 700) rides on the framed body: on screen, below the top.
    expect(rigHalf.some((c) => near(c, RED))).toBe(true);
  }, 240_000);
});
