import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_FRAME,
  shotFraming,
  toExportDocument,
  type ProjectDocument,
} from '../../../src/model/project';
import type { Box } from '../../../src/server/video/planTypes';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { frameAt } from '../helpers/video';
import { colourBox, edgeError, visible, type Rgb } from './colourBoxes';
import { RenderProject } from './renderProject';

// npm test: not run again with TEST_STORE=s3 (frames and timing of the render: the pages read and write
// the store as every render does, which render, compose, cache and crash.test check on the bucket)

/*
 * Layout fidelity: a project of solid colours (scene, slide, a solid presenter from a test library,
 * stickers) in both orientations with every shot tag; each colour's bounding box in the video must
 * be the export box shotFraming gives, within 2 px.
 */

const BLUE: Rgb = [30, 60, 200];
const RED: Rgb = [230, 30, 30];
const GREEN: Rgb = [30, 200, 60];
const ORANGE: Rgb = [250, 140, 0];
const MAGENTA: Rgb = [220, 0, 220];
const RIG = { width: 400, height: 700 };
const SENTENCES = ['大家好，欢迎收看。', '请看这页幻灯片。', '这是我的全身。', '最后是半身镜头。'];

/** A library with one presenter: a solid green body, transparent mouth and eye sprites. */
async function solidLibrary(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-library-'));
  const rigDir = path.join(dir, 'characters', 'solid');
  mkdirSync(rigDir, { recursive: true });
  // Stickers stay the real built-in library (the texture service reads its index at start).
  symlinkSync(
    path.resolve(import.meta.dirname, '../../../assets/library/stickers'),
    path.join(dir, 'stickers'),
  );
  const solid = (w: number, h: number, c: Rgb) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r: c[0], g: c[1], b: c[2] } } }).png();
  const clear = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png();
  await solid(RIG.width, RIG.height, GREEN).toFile(path.join(rigDir, 'body.png'));
  await solid(RIG.width, RIG.height, GREEN).toFile(path.join(rigDir, 'static.png'));
  await solid(80, 140, GREEN).toFile(path.join(rigDir, 'icon.png'));
  await clear(160, 40).toFile(path.join(rigDir, 'blink.png'));
  const shapes = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'X'];
  for (const s of shapes) await clear(100, 60).toFile(path.join(rigDir, `mouth-${s}.png`));
  const manifest = {
    id: 'solid',
    name: '纯色测试人物',
    sex: 2,
    style: 'business',
    ...RIG,
    mouth: { x: 150, y: 200, width: 100, height: 60 },
    eyes: { x: 120, y: 140, width: 160, height: 40 },
    mouthShapes: shapes,
    suggestedVoice: 'zh-female',
  };
  writeFileSync(path.join(rigDir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(dir, 'library.json'),
    JSON.stringify({ version: 1, characters: [{ id: 'solid', dir: 'characters/solid' }], scenes: [] }),
  );
  return dir;
}

/** Preview-unit layouts of the two orientations: presenter, slide and two stickers apart. */
const LAYOUTS = {
  1: {
    character: { X: 40, Y: 100, width: 200, height: 350 },
    scene: { pptX: 500, pptY: 120, pptWidth: 400, pptHeight: 225 },
    stickers: [
      { x: 820, y: 420, width: 60, height: 60, colour: ORANGE, position: 0 },
      { x: 720, y: 420, width: 60, height: 60, colour: MAGENTA, position: 2 },
    ],
  },
  2: {
    character: { X: 20, Y: 250, width: 140, height: 245 },
    scene: { pptX: 40, pptY: 60, pptWidth: 296, pptHeight: 166 },
    stickers: [
      { x: 290, y: 560, width: 50, height: 50, colour: ORANGE, position: 0 },
      { x: 200, y: 560, width: 50, height: 50, colour: MAGENTA, position: 2 },
    ],
  },
} as const;

describe.each([1, 2] as const)('layout fidelity (orientation %i)', (orientation) => {
  const frame = EXPORT_FRAME[orientation];
  const { width: W, height: H } = frame;
  let library: string;
  let t: TestServer;
  let file: string;
  let doc: ProjectDocument;
  const spans: [number, number][] = [];

  beforeAll(async () => {
    library = await solidLibrary();
    t = await startTestServer('sqlite', { libraryDir: library });
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    const project = await RenderProject.create(t, await t.login('alice', 'secret123'), userId);
    const background = await project.solid('bg.png', BLUE, W, H);
    const slide = await project.solid('slide.png', RED, 1920, 1080);
    const stickerFiles = [await project.solid('orange.png', ORANGE, 50, 50)];
    stickerFiles.push(await project.solid('magenta.png', MAGENTA, 50, 50));
    const clips: Awaited<ReturnType<RenderProject['speak']>>[] = [];
    for (const s of SENTENCES) clips.push(await project.speak(s));
    let at = 0;
    for (const c of clips) {
      spans.push([at, at + c.timings.durationMs]);
      at += c.timings.durationMs;
    }
    const base = project.document(orientation, background, [{ text: '', soundPath: '', soundTime: 0 }], 2);
    const layout = LAYOUTS[orientation];
    const text = SENTENCES.join('');
    const preview: ProjectDocument = {
      ...base,
      character: { ...base.character, uuid: 'solid', name: '纯色测试人物', ...layout.character },
      scene: { ...base.scene, ...layout.scene },
      ppt: {
        ...base.ppt,
        pages: [
          {
            ...base.ppt.pages[0],
            img: slide,
            text,
            textdome: text,
            tts: '',
            childList: SENTENCES.map((s, i) => ({
              ttsText: s,
              tts: clips[i].soundPath,
              mouthVideo: '',
              isScale: (i + 1) as 1 | 2 | 3 | 4,
              index: i + 1,
            })),
            textureList: layout.stickers.map((s, i) => ({
              textureId: `u00${i}`,
              path: stickerFiles[i],
              x: s.x,
              y: s.y,
              width: s.width,
              height: s.height,
              position: s.position,
              id: `sticker-${i}`,
            })),
          },
        ],
      },
    };
    doc = toExportDocument(preview);
    file = (await project.render(preview, `layout-${orientation}.mp4`)).file;
  }, 240_000);
  afterAll(async () => {
    await t.stop();
    rmSync(library, { recursive: true, force: true });
  });

  const exportLayout = () => ({
    slide: { x: doc.scene.pptX, y: doc.scene.pptY, width: doc.scene.pptWidth, height: doc.scene.pptHeight },
    character: {
      x: doc.character.X,
      y: doc.character.Y,
      width: doc.character.width,
      height: doc.character.height,
    },
    characterAspect: RIG.width / RIG.height,
    slideAspect: 1920 / 1080,
  });

  it.each([1, 2, 3, 4])('shot tag %i: every colour at its export box within 2 px', (isScale) => {
    const k = isScale - 1;
    const f = frameAt(file, (spans[k][0] + spans[k][1]) / 2000, W, H);
    const framed = shotFraming(frame, exportLayout(), isScale);
    const expectBox = (colour: Rgb, box: Box | null, what: string) => {
      const found = colourBox(f, W, H, colour);
      if (!box) {
        expect(found, `${what} hidden`).toBeNull();
        return;
      }
      expect(found, what).not.toBeNull();
      expect(edgeError(found!, visible(box, W, H)), `${what} ${JSON.stringify(found)}`).toBeLessThanOrEqual(
        2,
      );
    };
    expectBox(RED, framed.slide, 'slide');
    expectBox(GREEN, framed.character, 'presenter');
    doc.ppt.pages[0].textureList.forEach((s, i) => {
      const shown = s.position <= isScale;
      expectBox(LAYOUTS[orientation].stickers[i].colour, shown ? s : null, `sticker ${i}`);
    });
    // The scene shows around everything except when a framing covers the whole frame.
    if (isScale === 1) expect(colourBox(f, W, H, BLUE)).toEqual({ x: 0, y: 0, width: W, height: H });
  });
});
