import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultCharacterPosition,
  EXPORT_FRAME,
  fitCharacter,
  toExportDocument,
  type ProjectDocument,
} from '../../../src/model/project';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { frameAt, near } from '../helpers/video';
import { RenderProject } from './renderProject';

// npm test: not run again with TEST_STORE=s3 (frames and timing of the render: the pages read and write
// the store as every render does, which render, compose, cache and crash.test check on the bucket)

/*
 * The whole figure (issue 13): 人物全身 shows a built-in presenter down to the feet, and in portrait
 * the default presenter stands on the bottom edge of the video.
 */

const BLUE: [number, number, number] = [30, 60, 200];
const XIAOYA = { width: 800, height: 1400 };

/** Rows of a frame (within columns x0..x1) holding anything but the solid backdrop. */
function figureRows(frame: Buffer, width: number, height: number, x0: number, x1: number) {
  let top = -1;
  let bottom = -1;
  let darkBottom = -1;
  for (let y = 0; y < height; y++)
    for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) {
      const i = (y * width + x) * 3;
      const c: [number, number, number] = [frame[i], frame[i + 1], frame[i + 2]];
      if (near(c, BLUE, 20)) continue;
      if (top < 0) top = y;
      bottom = y;
      // Shoes: dark, unlike the backdrop (sum 290) and the soft floor shadow over it.
      if (c[0] + c[1] + c[2] < 150) darkBottom = y;
    }
  return { top, bottom, darkBottom };
}

describe('the presenter drawn whole', () => {
  let t: TestServer;
  let project: RenderProject;
  let clips: Awaited<ReturnType<RenderProject['speak']>>[];

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    project = await RenderProject.create(t, await t.login('alice', 'secret123'), userId);
    clips = [await project.speak('大家好，欢迎收看。'), await project.speak('这是我的全身。')];
  }, 120_000);
  afterAll(() => t?.stop());

  it('shows the feet in 人物全身 and the cut figure in the normal framing', async () => {
    const { width: W, height: H } = EXPORT_FRAME[1];
    const background = await project.solid('bg.png', BLUE, W, H);
    const base = project.document(1, background, [{ text: '', soundPath: '', soundTime: 0 }], 2);
    const text = '大家好，欢迎收看。这是我的全身。';
    const doc: ProjectDocument = {
      ...base,
      character: { ...base.character, X: 40, Y: 100, width: 200, height: 350 },
      ppt: {
        ...base.ppt,
        pages: [
          {
            ...base.ppt.pages[0],
            text,
            textdome: text,
            tts: '',
            childList: clips.map((c, i) => ({
              ttsText: i ? '这是我的全身。' : '大家好，欢迎收看。',
              tts: c.soundPath,
              mouthVideo: '',
              isScale: i ? 3 : 1,
              index: i + 1,
            })),
          },
        ],
      },
    };
    const { file } = await project.render(doc, 'whole.mp4');
    const first = clips[0].timings.durationMs / 1000;
    // Well inside the 人物全身 part: the whole figure, as tall as the frame, centred.
    const whole = frameAt(file, first + 0.8, W, H);
    const full = { width: Math.round((H * XIAOYA.width) / 2040), height: H };
    const x0 = Math.round((W - full.width) / 2);
    const rows = figureRows(whole, W, H, x0, x0 + full.width);
    // The soles are 50 of 2040 natural rows above the bottom, the floor shadow under them.
    expect(rows.darkBottom).toBeGreaterThan(H - Math.round((70 * H) / 2040));
    expect(rows.darkBottom).toBeLessThan(H - Math.round((30 * H) / 2040));
    expect(rows.top).toBeLessThan(Math.round((200 * H) / 2040));
    // The normal framing still shows the figure cut at mid-thigh at its box's bottom edge.
    const exported = toExportDocument(doc).character;
    const normal = frameAt(file, 0.5, W, H);
    const cut = figureRows(normal, W, H, exported.X, exported.X + exported.width);
    expect(Math.abs(cut.bottom - (exported.Y + exported.height - 1))).toBeLessThanOrEqual(2);
  }, 180_000);

  it('stands the default portrait presenter on the bottom edge', async () => {
    const { width: W, height: H } = EXPORT_FRAME[2];
    const background = await project.solid('bg-portrait.png', BLUE, W, H);
    const base = project.document(2, background, [{ ...clips[0], text: '大家好，欢迎收看。' }], 2);
    const size = fitCharacter(XIAOYA, 2);
    const doc: ProjectDocument = {
      ...base,
      character: { ...base.character, ...size, ...defaultCharacterPosition(size, 2) },
    };
    const { file } = await project.render(doc, 'portrait.mp4');
    const exported = toExportDocument(doc).character;
    const frame = frameAt(file, 0.5, W, H);
    const rows = figureRows(frame, W, H, exported.X, exported.X + exported.width);
    expect(rows.bottom).toBe(H - 1);
    expect(rows.top).toBeGreaterThan(0);
  }, 180_000);
});
