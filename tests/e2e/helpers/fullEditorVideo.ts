import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clipLengthMs,
  pointingSide,
  stickerStartMs,
  torsoPoseAt,
  type MotionTimeline,
} from '../../../src/model/motion';
import { characterBox, slideBox as layoutSlideBox, type ProjectDocument } from '../../../src/model/project';
import type { TimedWord } from '../../../src/model/speech';
import type { Box } from '../../../src/server/video/planTypes';
import { pageMotion } from '../../../src/server/video/speaking';
import { boxDifference, frameAt, near, pixel } from '../../server/helpers/video';
import { colourBox, edgeError, type Rgb } from '../../server/video/colourBoxes';
import { SCREENSHOT_DIR, type BrowserSession } from './browser';
import { audioRms, mediaSeconds, toneRms } from './mediaFiles';
import type { RealServer } from './realServer';
import { rawRgb } from './solidArt';

/*
 * The checks of fullEditor.test.ts's finished video, frame by frame and by its sound: the deck's
 * colours, the page timing and what the author placed on each page, read from the downloaded MP4.
 */

export const W = 1920;
export const H = 1080;
export const FPS = 25;
export const SLIDES: Rgb[] = [
  [230, 30, 30],
  [30, 170, 60],
  [40, 70, 210],
  [150, 150, 150],
];
export const MAGENTA: Rgb = [220, 0, 220];
// Colours the GIF palette holds exactly.
export const YELLOW: Rgb = [255, 255, 0];
export const GIF_BLUE: Rgb = [0, 0, 255];
export const VIDEO_SECONDS = 5;

/** How long the render makes a page: whole frames (renderPlan.frameAligned). */
export const frameAligned = (ms: number) => (Math.ceil((ms * FPS) / 1000) * 1000) / FPS;

const rawRgba = (file: string) => sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

/** What the editor session made, read when the checks run (after its synthesis step). */
export interface FullEditorRun {
  browser: BrowserSession;
  server: RealServer;
  /** The final document (export coordinates) the render read. */
  final: ProjectDocument;
  /** The downloaded video. */
  mp4: string;
  /** The page video uploaded on page 4. */
  videoFile: string;
  /** 导出当前画面 of page 1 in normal framing, every sticker shown. */
  page1Export: Buffer;
}

/** Registers the checks of the downloaded MP4 inside the editor session's describe. */
export function describeDownloadedMp4(run: () => FullEditorRun): void {
  describe('the downloaded MP4', () => {
    // Page and segment times in seconds, from the stored narration timings the render also reads.
    const pageStart: number[] = [];
    const pageEnd: number[] = [];
    let segStart: number[] = [];
    let page4Speech = 0;
    // Page 1's motion as the render makes it: its hand gestures move the presenter's arms.
    let page1Motion: MotionTimeline;

    async function clipTimings(soundPath: string) {
      const timings = soundPath.split('?')[0].replace(/\.[a-z0-9]+$/i, '.json');
      const res = await run().browser.context.request.get(`${run().server.url}${timings}`);
      expect(res.ok(), timings).toBe(true);
      return (await res.json()) as { durationMs: number; words?: TimedWord[] };
    }
    const clipMs = async (soundPath: string) => (await clipTimings(soundPath)).durationMs;

    beforeAll(async () => {
      expect(run().final, 'the synthesis step ran').toBeDefined();
      const pages = run().final.ppt.pages;
      const clips = await Promise.all(pages[0].childList.map((c) => clipTimings(c.tts)));
      // Each clip lasts whole frames on the page (its sound padded), as the render plans it.
      const segMs = clips.map((c) => clipLengthMs(c.durationMs));
      const lengths = [segMs.reduce((a, b) => a + b, 0)];
      const audio = clips.map((c, i) => ({
        file: '',
        mouth: [],
        durationMs: segMs[i],
        words: c.words ?? [],
      }));
      const stickers = pages[0].textureList.map((t) => ({
        startMs: stickerStartMs(t.position, audio, lengths[0], FPS),
      })) as Parameters<typeof pageMotion>[0]['stickers'];
      page1Motion = pageMotion({ index: 1, fps: FPS, durationMs: lengths[0], audio, stickers });
      for (const p of pages.slice(1, 3)) lengths.push(frameAligned(await clipMs(p.tts)));
      page4Speech = (await clipMs(pages[3].tts)) / 1000;
      lengths.push(frameAligned(Math.max(page4Speech * 1000, mediaSeconds(run().videoFile) * 1000)));
      let at = 0;
      for (const ms of lengths) {
        pageStart.push(at / 1000);
        at += ms;
        pageEnd.push(at / 1000);
      }
      at = 0;
      segStart = segMs.map((ms) => {
        const start = at / 1000;
        at += ms;
        return start;
      });
    });

    const frame = (seconds: number) => frameAt(run().mp4, seconds, W, H);
    const slideBox = (): Box => ({
      x: run().final.scene.pptX,
      y: run().final.scene.pptY,
      width: run().final.scene.pptWidth,
      height: run().final.scene.pptHeight,
    });
    const centre = (b: Box) => [b.x + b.width / 2, b.y + b.height / 2] as const;
    const textureBox = (k: number): Box => {
      const { x, y, width, height } = run().final.ppt.pages[0].textureList[k];
      return { x, y, width, height };
    };
    /** The torso picture page 1 shows at `seconds` (a gesture's pose, or rest). */
    const torsoAt = (seconds: number) => {
      const doc = run().final;
      return torsoPoseAt(page1Motion, seconds * 1000, pointingSide(characterBox(doc), layoutSlideBox(doc)));
    };
    const segMid = (k: number) => {
      const end = k + 1 < segStart.length ? segStart[k + 1] : pageEnd[0];
      return (segStart[k] + end) / 2;
    };
    const saveFrame = (name: string, f: Buffer) =>
      sharp(f, { raw: { width: W, height: H, channels: 3 } })
        .resize(960, 540)
        .png()
        .toFile(path.join(SCREENSHOT_DIR, `${name}.png`));

    it('lasts as long as its four pages together', () => {
      expect(pageStart).toHaveLength(4);
      expect(Math.abs(mediaSeconds(run().mp4) - pageEnd[3])).toBeLessThan(0.12);
      // Text, uploaded, recorded, text with a muted video (istts, has a video, isSound).
      expect(run().final.ppt.pages.map((p) => [p.istts, p.isVideo === 1, p.isSound])).toEqual([
        [2, false, 1],
        [1, false, 1],
        [1, false, 1],
        [2, true, 2],
      ]);
      expect(run().final.ppt.pages.map((p) => p.childList.map((c) => c.isScale))).toEqual([
        [1, 1, 1, 3],
        [],
        [],
        [],
      ]);
    });

    it('page 1: the sticker appears at its export box from its marker on', async () => {
      const before = frame(segMid(0));
      expect(colourBox(before, W, H, MAGENTA)).toBeNull();
      expect(near(pixel(before, W, ...centre(slideBox())), SLIDES[0])).toBe(true);
      const after = frame(segMid(1));
      await saveFrame('full-video-page1-sticker', after);
      const found = colourBox(after, W, H, MAGENTA);
      expect(found).not.toBeNull();
      expect(edgeError(found!, textureBox(0))).toBeLessThanOrEqual(2);
      // It stays for the rest of the page, in the 人物全身 framing too.
      expect(edgeError(colourBox(frame(segMid(3)), W, H, MAGENTA)!, textureBox(0))).toBeLessThanOrEqual(2);
    });

    it('page 1: 导出当前画面 on the stage matches the rendered frame at the same moment', async () => {
      // Segment 3: normal framing, both stickers shown (the GIF's frame and the mouth differ by time).
      const video = frame(segMid(2));
      const shot = await rawRgb(run().page1Export);
      expect([shot.width, shot.height]).toEqual([W, H]);
      const exported = shot.data;
      const sticker = colourBox(exported, W, H, MAGENTA);
      expect(edgeError(sticker!, textureBox(0))).toBeLessThanOrEqual(2);
      expect(edgeError(sticker!, colourBox(video, W, H, MAGENTA)!)).toBeLessThanOrEqual(2);
      const slideInVideo = colourBox(video, W, H, SLIDES[0]);
      expect(edgeError(colourBox(exported, W, H, SLIDES[0])!, slideInVideo!)).toBeLessThanOrEqual(2);
      // The bare scene between the presenter and the slide, above the subtitles: the same pixels.
      const left = run().final.character.X + run().final.character.width + 20;
      const scene = { x: left, y: 200, width: slideBox().x - 20 - left, height: 300 };
      expect(scene.width).toBeGreaterThan(100);
      expect(boxDifference(exported, video, W, scene)).toBeLessThan(6);
      // The middle of the presenter's body below the face, where nothing moves: the arms and
      // hands stay out of it in every pose (the video may show a gesture there, the paused stage rest).
      const c = run().final.character;
      const body = {
        x: c.X + Math.round(c.width * 0.4),
        y: c.Y + Math.round(c.height * 0.55),
        width: Math.round(c.width * 0.2),
        height: Math.round(c.height * 0.15),
      };
      expect(boxDifference(exported, video, W, body)).toBeLessThan(8);
    });

    it('page 1: the GIF plays in its box: absent before its marker, changing after', () => {
      const box = textureBox(1);
      const [cx, cy] = centre(box);
      const before = frame(segMid(1));
      expect(near(pixel(before, W, cx, cy), YELLOW, 48) || near(pixel(before, W, cx, cy), GIF_BLUE, 48)).toBe(
        false,
      );
      // 200 ms a colour from the segment start; pure blue comes back about (0, 6, 214) from 4:2:0 video.
      const a = frame(segStart[2] + 0.1);
      const b = frame(segStart[2] + 0.3);
      expect(near(pixel(a, W, cx, cy), YELLOW, 48)).toBe(true);
      expect(near(pixel(b, W, cx, cy), GIF_BLUE, 48)).toBe(true);
      expect(
        boxDifference(a, b, W, { x: box.x + 4, y: box.y + 4, width: box.width - 8, height: box.height - 8 }),
      ).toBeGreaterThan(50);
    });

    it('page 1: the 人物全身 segment shows the presenter filling the frame height, centred, no slide', async () => {
      // 人物全身 draws the whole figure down to the feet (issue 13): full.png, not the cut body.png.
      const art = await rawRgba(
        path.resolve(import.meta.dirname, '../../../assets/library/characters/xiaoya/full.png'),
      );
      const { width: artW, height: artH } = art.info;
      const opaque = (x: number, y: number) => art.data[(y * artW + x) * 4 + 3] >= 128;
      // Below the head the figure is the bare torso, arms and hands of the pose the video shows then.
      const dir = path.resolve(import.meta.dirname, '../../../assets/library/characters/xiaoya');
      const pose = torsoAt(segMid(3));
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
      const part = async (set: 'arms' | 'hands', name: 'bare' | typeof pose) =>
        (await rawRgba(path.join(dir, manifest[set][name].fullTorso as string))).data;
      const layers =
        pose === 'rest'
          ? [art.data]
          : [await part('arms', 'bare'), await part('arms', pose), await part('hands', pose)];
      const opaqueBody = (x: number, y: number) =>
        Math.max(...layers.map((l) => l[(y * artW + x) * 4 + 3])) >= 128;
      // 人物全身: the art scaled to the frame height, centred (shotFraming).
      const scale = H / artH;
      const boxX = Math.round((W - Math.round(artW * scale)) / 2);
      // Where the figure is, told apart from the scene: page 2 shows the same scene with the presenter
      // at its layout place on the left, so between it and the slide the page-2 frame is the bare scene.
      const layoutRight = run().final.character.X + run().final.character.width;
      const scene = frame((pageStart[1] + pageEnd[1]) / 2);
      const differs = (f: Buffer, x: number, y: number) => {
        const [p, q] = [pixel(f, W, x, y), pixel(scene, W, x, y)];
        return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 60;
      };
      const full = frame(segMid(3));
      await saveFrame('full-video-page1-fullbody', full);

      // The top of the head: first row where the middle column differs, as the art's scaled.
      const mid = Math.round(W / 2);
      let artTop = 0;
      while (!opaque(Math.round((mid - boxX) / scale), artTop)) artTop++;
      let top = 0;
      while (top < H && !differs(full, mid, top)) top++;
      expect(Math.abs(top - artTop * scale)).toBeLessThanOrEqual(4);
      // Left and right edges of the body at rows below the stickers, as the art's scaled.
      // (Rows above her bare legs: skin against the office wall is too alike to find an edge.)
      for (const y of [400, 550, 650]) {
        const artRow = Math.round(y / scale);
        const artCols = Array.from({ length: artW }, (_, x) => x).filter((x) => opaqueBody(x, artRow));
        const [left, right] = [boxX + artCols[0] * scale, boxX + artCols[artCols.length - 1] * scale];
        // Between the layout presenter and the slide box (page 2's slide is another colour).
        expect(left).toBeGreaterThan(layoutRight + 20);
        expect(right).toBeLessThan(slideBox().x - 10);
        const cols = Array.from({ length: slideBox().x - layoutRight - 20 }, (_, i) => layoutRight + 20 + i);
        const seen = cols.filter((x) => differs(full, x, y));
        expect(Math.abs(seen[0] - left), `left edge at row ${y}`).toBeLessThanOrEqual(4);
        expect(Math.abs(seen[seen.length - 1] - right), `right edge at row ${y}`).toBeLessThanOrEqual(4);
      }
      // The normal framing before it shows the bare scene in the middle; this one hides the slide.
      expect(differs(frame(segMid(0)), mid, 500)).toBe(false);
      expect(near(pixel(full, W, ...centre(slideBox())), SLIDES[0])).toBe(false);
    });

    it('pages 2 and 3: their slides and their uploaded and recorded sound', async () => {
      for (const k of [1, 2]) {
        const f = frame((pageStart[k] + pageEnd[k]) / 2);
        expect(near(pixel(f, W, ...centre(slideBox())), SLIDES[k]), `slide of page ${k + 1}`).toBe(true);
      }
      const mp3 = audioRms(run().mp4, pageStart[1] + 0.2, pageEnd[1] - 0.5);
      const recorded = audioRms(run().mp4, pageStart[2] + 0.1, pageEnd[2] - 0.4);
      expect(mp3).toBeGreaterThan(0.03);
      expect(recorded).toBeGreaterThan(0.005);
    });

    it('page 4: the video moves inside the slide box and its sound is muted', async () => {
      const box = slideBox();
      const a = frame(pageStart[3] + 1);
      const b = frame(pageStart[3] + 2.5);
      await saveFrame('full-video-page4', b);
      expect(near(pixel(a, W, ...centre(box)), SLIDES[3])).toBe(false);
      expect(boxDifference(a, b, W, box)).toBeGreaterThan(3);
      // Outside the slide box nothing of the video: the scene around it is the same in both frames.
      const above = { x: box.x, y: Math.max(0, box.y - 40), width: box.width, height: 30 };
      expect(boxDifference(a, b, W, above)).toBeLessThan(2);
      // The source has a loud 1 kHz tone; after the narration the muted page is silent.
      expect(toneRms(run().videoFile, 0.5, 4.5, 1000)).toBeGreaterThan(0.1);
      expect(pageEnd[3] - pageStart[3] - page4Speech).toBeGreaterThan(1);
      expect(audioRms(run().mp4, pageStart[3] + page4Speech + 0.1, pageEnd[3] - 0.1)).toBeLessThan(0.003);
      // Under the narration too: speech has some energy near 1 kHz, the video's tone at 35% far more.
      expect(toneRms(run().mp4, pageStart[3] + 0.2, pageEnd[3] - 0.2, 1000)).toBeLessThan(
        toneRms(run().videoFile, 0.5, 4.5, 1000) * 0.35 * 0.5,
      );
    });
  });
}
