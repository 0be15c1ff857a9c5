import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toExportDocument, type ProjectDocument, type Texture } from '../../../src/model/project';
import type { Box } from '../../../src/server/video/planTypes';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { boxDifference, frameAt, near, pixel } from '../helpers/video';
import { colourBox, edgeError, twoColourGif, type Rgb } from './colourBoxes';
import { RenderProject } from './renderProject';

// npm test: not run again with TEST_STORE=s3 (frames and timing of the render: the pages read and write
// the store as every render does, which render, compose, cache and crash.test check on the bucket)

const W = 1920;
const H = 1080;
const BLUE: Rgb = [30, 60, 200];
const MAGENTA: Rgb = [220, 0, 220];
const ORANGE: Rgb = [250, 140, 0];
const YELLOW: Rgb = [255, 255, 0];
const GREEN: Rgb = [0, 255, 0];
const SENTENCES = ['大家好，欢迎来到产品发布会。', '今天我们介绍三个新功能。', '请看右上角的提示。'];

/** A texture in preview units (the landscape export doubles every number). */
const texture = (id: string, file: string, box: Box, position: number): Texture => ({
  textureId: id,
  path: file,
  ...box,
  position,
  id: `${id}-${position}`,
});

describe('stickers and GIFs in the render', () => {
  let t: TestServer;
  let file: string;
  let exported: ProjectDocument;
  // Segment audio boundaries in ms: [start, end) of each segment.
  const spans: [number, number][] = [];

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    const project = await RenderProject.create(t, await t.login('alice', 'secret123'), userId);
    const background = await project.solid('bg.png', BLUE, W, H);
    const timed = await project.solid('magenta.png', MAGENTA, 64, 64);
    const whole = await project.solid('orange.png', ORANGE, 64, 64);
    const made = twoColourGif(path.join(t.config.dataDir, 'blink.gif'), YELLOW, GREEN, 40, 200);
    await t.stored.write(`u/${userId}/test/blink.gif`, readFileSync(made));
    const gif = `/files/u/${userId}/test/blink.gif`;
    const clips: Awaited<ReturnType<RenderProject['speak']>>[] = [];
    for (const s of SENTENCES) clips.push(await project.speak(s));
    let at = 0;
    for (const c of clips) {
      spans.push([at, at + c.timings.durationMs]);
      at += c.timings.durationMs;
    }
    const base = project.document(1, background, [{ text: '', soundPath: '', soundTime: 0 }], 2);
    const text = SENTENCES.join('');
    const preview: ProjectDocument = {
      ...base,
      ppt: {
        ...base.ppt,
        pages: [
          {
            ...base.ppt.pages[0],
            text,
            textdome: text,
            tts: '',
            childList: SENTENCES.map((s, i) => ({
              ttsText: s,
              tts: clips[i].soundPath,
              mouthVideo: '',
              isScale: 1 as const,
              index: i + 1,
            })),
            textureList: [
              // The marker after the second sentence: it appears as the third segment starts.
              texture('u001', timed, { x: 601, y: 41, width: 100, height: 60 }, 3),
              // Shown from the page start: drawn into the page still.
              texture('u002', whole, { x: 600, y: 300, width: 100, height: 100 }, 0),
              texture('u003', gif, { x: 760, y: 300, width: 80, height: 80 }, 1),
              texture('g001', '/library/stickers/g001.gif', { x: 800, y: 40, width: 100, height: 100 }, 2),
            ],
          },
        ],
      },
    };
    exported = toExportDocument(preview);
    file = (await project.render(preview, 'stickers.mp4')).file;
  }, 240_000);
  afterAll(() => t.stop());

  const boxOf = (k: number) => {
    const { x, y, width, height } = exported.ppt.pages[0].textureList[k];
    return { x, y, width, height };
  };
  const centre = (b: Box) => [b.x + b.width / 2, b.y + b.height / 2] as const;

  it('shows a timed sticker within one frame of its segment audio start, not before', () => {
    const start = spans[2][0] / 1000;
    const [cx, cy] = centre(boxOf(0));
    expect(near(pixel(frameAt(file, start - 0.045, W, H), W, cx, cy), BLUE)).toBe(true);
    expect(near(pixel(frameAt(file, start + 0.045, W, H), W, cx, cy), MAGENTA)).toBe(true);
    expect(near(pixel(frameAt(file, spans[2][1] / 1000 - 0.1, W, H), W, cx, cy), MAGENTA)).toBe(true);
  });

  it('draws stickers at their export bounding box within 2 px', () => {
    const late = frameAt(file, spans[2][1] / 1000 - 0.1, W, H);
    const early = frameAt(file, 0.3, W, H);
    for (const [frame, colour, k] of [
      [late, MAGENTA, 0],
      [early, ORANGE, 1],
      [late, ORANGE, 1],
    ] as const) {
      const found = colourBox(frame, W, H, colour);
      expect(found, `sticker ${k}`).not.toBeNull();
      expect(edgeError(found!, boxOf(k)), `sticker ${k}`).toBeLessThanOrEqual(2);
    }
    // The GIF shows one colour at a time; every frame fills its box.
    const gifBoxes = [0.1, 0.3, 0.5, 0.7].map((s) => {
      const f = frameAt(file, s, W, H);
      return colourBox(f, W, H, YELLOW) ?? colourBox(f, W, H, GREEN);
    });
    for (const found of gifBoxes) expect(edgeError(found!, boxOf(2))).toBeLessThanOrEqual(2);
  });

  it('animates a GIF with its own frame timing and keeps looping to the page end', () => {
    const [cx, cy] = centre(boxOf(2));
    const colourAt = (s: number) => pixel(frameAt(file, s, W, H), W, cx, cy);
    // 200 ms per frame: yellow, green, yellow, green ...
    expect(near(colourAt(0.1), YELLOW, 40)).toBe(true);
    expect(near(colourAt(0.3), GREEN, 40)).toBe(true);
    expect(near(colourAt(0.5), YELLOW, 40)).toBe(true);
    expect(near(colourAt(0.7), GREEN, 40)).toBe(true);
    // Still alternating near the page end: both colours within half a second.
    const end = spans[2][1] / 1000;
    const late = [0.6, 0.5, 0.4, 0.3, 0.2, 0.1].map((d) => colourAt(end - d));
    expect(late.some((c) => near(c, YELLOW, 40))).toBe(true);
    expect(late.some((c) => near(c, GREEN, 40))).toBe(true);
  });

  it('plays a built-in GIF from its segment: absent before, present and moving after', () => {
    const box = boxOf(3);
    const start = spans[1][0] / 1000;
    const before = frameAt(file, start - 0.045, W, H);
    for (const [x, y] of [centre(box), [box.x + 10, box.y + 10]] as const)
      expect(near(pixel(before, W, x, y), BLUE)).toBe(true);
    const frames = [0.1, 0.5, 0.9, 1.3].map((d) => frameAt(file, start + d, W, H));
    // Something of the GIF is drawn over the background...
    expect(boxDifference(before, frames[0], W, box)).toBeGreaterThan(5);
    // ...and it changes from frame to frame.
    const changes = frames.slice(1).map((f, i) => boxDifference(frames[i], f, W, box));
    expect(Math.max(...changes)).toBeGreaterThan(3);
  });
});
