import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_FRAME,
  shotFraming,
  toExportDocument,
  type ProjectDocument,
} from '../../../src/model/project';
import type { SpeechTimings } from '../../../src/api/speech.contract';
import { mouthBox } from '../../../src/server/video/renderPlan';
import type { RigFiles } from '../../../src/server/video/planTypes';
import { TRANSITION_MS } from '../../../src/server/video/transitions';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { boxDifference, frameAt, near, pixel } from '../helpers/video';
import { RenderProject } from './renderProject';

// npm test: not run again with TEST_STORE=s3 (frames and timing of the render: the pages read and write
// the store as every render does, which render, compose, cache and crash.test check on the bucket)

const RED: [number, number, number] = [230, 30, 30];
const BLUE: [number, number, number] = [30, 60, 200];
const { width: W, height: H } = EXPORT_FRAME[1];
const SEGMENTS = [
  { text: '大家好，欢迎来到产品发布会。', isScale: 1 as const },
  { text: '请看这一页幻灯片上的三个数字。', isScale: 2 as const },
  { text: '我来为大家详细讲解一下。', isScale: 4 as const },
];

describe('shot tags render with the framing of shotFraming', () => {
  let t: TestServer;
  let file: string;
  let doc: ProjectDocument;
  let rig: RigFiles;
  const timings: SpeechTimings[] = [];
  // Segment audio boundaries in ms: [start, end) of each segment.
  const spans: [number, number][] = [];

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    const token = await t.login('alice', 'secret123');
    const project = await RenderProject.create(t, token, userId);
    const background = await project.solid('bg.png', BLUE, 1920, 1080);
    const slide = await project.solid('slide.png', RED, 1920, 1080);
    const clips: Awaited<ReturnType<RenderProject['speak']>>[] = [];
    for (const s of SEGMENTS) clips.push(await project.speak(s.text));
    let at = 0;
    for (const c of clips) {
      timings.push(c.timings);
      spans.push([at, at + c.timings.durationMs]);
      at += c.timings.durationMs;
    }
    const base = project.document(1, background, [{ text: '', soundPath: '', soundTime: 0 }], 2);
    const text = SEGMENTS.map((s) => s.text).join('');
    const preview: ProjectDocument = {
      ...base,
      character: { ...base.character, X: 40, Y: 110, width: 200, height: 350 },
      scene: { ...base.scene, pptX: 500, pptY: 120, pptWidth: 400, pptHeight: 225 },
      ppt: {
        ...base.ppt,
        pages: [
          {
            ...base.ppt.pages[0],
            img: slide,
            text,
            textdome: text,
            tts: '',
            childList: SEGMENTS.map((s, i) => ({
              ttsText: s.text,
              tts: clips[i].soundPath,
              mouthVideo: '',
              isScale: s.isScale,
              index: i + 1,
            })),
          },
        ],
      },
    };
    doc = toExportDocument(preview);
    file = (await project.render(preview, 'shots.mp4')).file;
    const c = t.server.services.library.character('xiaoya')!;
    rig = { ...c.rig, width: c.width, height: c.height, body: '', blink: '', mouths: {} };
  }, 240_000);
  afterAll(() => t.stop());

  const layout = () => ({
    slide: { x: doc.scene.pptX, y: doc.scene.pptY, width: doc.scene.pptWidth, height: doc.scene.pptHeight },
    character: {
      x: doc.character.X,
      y: doc.character.Y,
      width: doc.character.width,
      height: doc.character.height,
    },
    characterAspect: rig.width / rig.height,
    slideAspect: 16 / 9,
  });
  const mid = (k: number) => (spans[k][0] + spans[k][1]) / 2000;
  const corners = [
    [3, 3],
    [W - 4, 3],
    [3, H - 4],
    [W - 4, H - 4],
  ];

  it('normal segment: the slide and presenter as laid out', () => {
    const f = frameAt(file, mid(0), W, H);
    const { slide, character } = layout();
    expect(near(pixel(f, W, slide.x + slide.width / 2, slide.y + slide.height / 2), RED)).toBe(true);
    for (const [x, y] of corners) expect(near(pixel(f, W, x, y), BLUE)).toBe(true);
    expect(
      near(pixel(f, W, character.x + character.width / 2, character.y + character.height * 0.55), BLUE, 10),
    ).toBe(false);
  });

  it('PPT全屏 segment: the slide covers the whole frame, no presenter', () => {
    const f = frameAt(file, mid(1), W, H);
    const { character } = layout();
    for (const [x, y] of corners) expect(near(pixel(f, W, x, y), RED)).toBe(true);
    expect(
      near(pixel(f, W, character.x + character.width / 2, character.y + character.height * 0.55), RED),
    ).toBe(true);
    expect(near(pixel(f, W, W / 2, H / 2), RED)).toBe(true);
  });

  it('人物半身 segment: the face is large, the mouth moves at the framed place, no slide', () => {
    const framed = shotFraming({ width: W, height: H }, layout(), 4);
    expect(framed.slide).toBeNull();
    const box = mouthBox(rig, framed.character!);
    // The upper half of the presenter fills the frame: the mouth is far bigger than in the layout.
    expect(box.width).toBeGreaterThan(mouthBox(rig, layout().character).width * 2.5);
    expect(box.y + box.height).toBeLessThan(H);
    const f = frameAt(file, mid(2), W, H);
    const { slide } = layout();
    expect(near(pixel(f, W, slide.x + slide.width / 2, slide.y + slide.height / 2), RED)).toBe(false);
    for (let x = 20; x < W; x += 150)
      for (let y = 20; y < H; y += 150) expect(near(pixel(f, W, x, y), RED)).toBe(false);
    // The body covers the centre column of the frame.
    expect(near(pixel(f, W, W / 2, H - 10), BLUE, 10)).toBe(false);

    const inner = { x: box.x + 2, y: box.y + 2, width: box.width - 4, height: box.height - 4 };
    const start = spans[2][0];
    const rest = frameAt(file, (spans[2][1] - 60) / 1000, W, H);
    const open = timings[2].mouth.filter((c) => c.shape === 'D' || c.shape === 'C');
    expect(open.length).toBeGreaterThan(0);
    const differences = open.map((c) =>
      boxDifference(rest, frameAt(file, (start + c.startMs + 30) / 1000, W, H), W, inner),
    );
    expect(Math.max(...differences)).toBeGreaterThan(8);
  });

  it('blends into the next framing over the pause before each boundary, at rest from it on', () => {
    const corner = (ms: number) => pixel(frameAt(file, ms / 1000, W, H), W, 3, 3);
    for (const [boundary, from, to] of [
      [spans[1][0], BLUE, RED],
      [spans[2][0], RED, BLUE],
    ] as const) {
      // The old framing until the blend starts, a mix of both halfway, the new one from the boundary.
      expect(near(corner(boundary - TRANSITION_MS - 45), from)).toBe(true);
      const mid = corner(boundary - TRANSITION_MS / 2);
      expect(near(mid, from)).toBe(false);
      expect(near(mid, to)).toBe(false);
      for (let c = 0; c < 3; c++) {
        expect(mid[c]).toBeGreaterThanOrEqual(Math.min(from[c], to[c]) - 10);
        expect(mid[c]).toBeLessThanOrEqual(Math.max(from[c], to[c]) + 10);
      }
      expect(near(corner(boundary + 45), to)).toBe(true);
    }
  });

  it('frames after a blend match the next framing exactly (whole frame)', () => {
    const settled = frameAt(file, (spans[1][0] + 45) / 1000, W, H);
    const later = frameAt(file, mid(1), W, H);
    // PPT全屏 is a still: once the blend is over nothing moves.
    expect(boxDifference(settled, later, W, { x: 0, y: 0, width: W, height: H })).toBeLessThan(1);
  });
});
