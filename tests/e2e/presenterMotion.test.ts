import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  eyeStateAt,
  gestureEvents,
  headCorner,
  headLayout,
  motionTimeline,
  pointingSide,
  poseAt,
  torsoPoseAt,
  type Gesture,
  type HeadRig,
} from '../../src/model/motion';
import type { MouthCue, TimedWord } from '../../src/model/speech';
import {
  characterBox,
  newDocument,
  saveNarration,
  slideBox,
  type Box,
  type ProjectDocument,
} from '../../src/model/project';
import { SCREENSHOT_DIR } from './helpers/browser';
import { armsOf, meanAbs, restBetween, videoBox } from './helpers/presenterFrames';
import { installHeldClock, holdClockAt } from './helpers/heldClock';
import { loginAsDemo } from './helpers/login';
import { chooseBuiltInCast, doneVideoCard, videoKey, waitForSpokenPages } from './helpers/screens';
import { sessionApi } from './helpers/sessionApi';
import { exportFrame, stageApi, stageReady } from './helpers/stage';
import { tid, useE2eSession } from './helpers/session';

/*
 * Issue 13: the stage and the rendered video show the same presenter at the same time. One page
 * spoken by eSpeak with the built-in layered presenter 小雅 is synthesised and rendered by the
 * server; the editor's stage is then frozen at page times (the held narration clock of 试听) and
 * 导出当前画面 draws it at the video's size. The presenter box of each export is compared with the
 * video frame shown at that time, during speech and at rest, and the eyes (open, closed in a blink,
 * brows lifted) are compared on the frames the motion timeline names.
 */

const W = 1920;
const H = 1080;
const FRAME_MS = 40;
const NARRATION =
  '大家好，今天我们来看一个非常重要的问题。请看这里的数据，增长特别明显！最后，我们一起总结一下。';
/**
 * Per-channel mean absolute difference (0-255) allowed between the stage's export and the video
 * frame. The video is H.264 (yuv420p: chroma at half resolution, quantised) and scales the art with
 * ffmpeg's filter, the stage with WebGL's bilinear one: measured 2.7-3.0 over the presenter box,
 * 2.1-2.3 over the head and 3.6-4.0 over the eyes when both show the same picture (2026-11-26).
 * A wrong eye picture costs 16-21 over the eyes; the head read 2 px off 5.9-8.9 (offline, once).
 */
const BOX_TOLERANCE = 4;
const HEAD_TOLERANCE = 3.5;
const EYES_TOLERANCE = 6;

interface Measured {
  ms: number;
  state: string;
  torso: string;
  box: number;
  arms: number;
  head: number;
  eyes: number;
}

interface Rig extends HeadRig {
  brows: string;
}

describe('the stage and the rendered video show the same presenter at the same time', () => {
  const { server, browser, page } = useE2eSession({ login: false });
  let projectId: number;
  let final: ProjectDocument;
  let mp4: string;
  let cues: MouthCue[];
  let audioMs: number;
  let gestures: Gesture[];
  const measured: Measured[] = [];
  let rig: Rig;
  const work = path.join(SCREENSHOT_DIR, 'presenter-motion');

  beforeAll(async () => {
    mkdirSync(work, { recursive: true });
    await installHeldClock(page);
    await loginAsDemo(page, server.url);
    const api = await sessionApi(browser, server.url);
    projectId = await api.post<number>('/virtual/v1/userPro/add', { proKind: 3 });
    const doc = saveNarration(newDocument({ projectName: '动作对比' }), 0, NARRATION);
    if (!doc.ok) throw new Error(doc.error);
    const detail = await api.post<{ revision: number }>('/virtual/v1/userPro/detail', {
      projectId,
      original: 1,
    });
    await api.post('/virtual/v1/userPro/update', {
      projectId,
      userProjectInfo: JSON.stringify({ ...doc.value, subtitle: 2 }),
      original: 1,
      revision: detail.revision,
    });
    const manifest = (await (
      await fetch(`${server.url}/library/characters/xiaoya/manifest.json`)
    ).json()) as Rig & { files: { brows: string } };
    rig = { ...manifest, brows: manifest.files.brows };
  }, 60_000);

  it('renders the page on the server', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/home/#/video?videoid=${projectId}`);
    await page.waitForSelector(tid('preview-stage'));
    await chooseBuiltInCast(page);
    await page.click(tid('editor-synthesise'));
    // A page without a PDF: the white card (the slide does not matter here).
    await page.click(tid('confirm-no-pdf-confirm'));
    await page.waitForSelector(tid('synthesis-dialog'));
    await waitForSpokenPages(page, 1, 120_000);
    const saved = page.waitForRequest((r) => {
      if (!r.url().endsWith('/virtual/v1/userPro/update')) return false;
      return Number((r.postDataJSON() as { original: number }).original) === 2;
    });
    await page.click(tid('synthesis-confirm'));
    const info = (await saved).postDataJSON() as { userProjectInfo: string | ProjectDocument };
    final =
      typeof info.userProjectInfo === 'string' ? JSON.parse(info.userProjectInfo) : info.userProjectInfo;
    expect(final.character.uuid).toBe('xiaoya');
    expect(final.subtitle).toBe(2);
    await page.waitForSelector(tid('page-home'));
    const status = page.locator(`${tid('page-home')} [data-testid^="project-status-"][data-state]`).first();
    await expect
      .poll(() => status.getAttribute('data-state'), { timeout: 240_000, interval: 1000 })
      .toBe('done');
    await page.click(tid('nav-my'));
    const card = doneVideoCard(page);
    await card.waitFor();
    const href = await page.getAttribute(tid(`video-download-${await videoKey(card)}`), 'href');
    const res = await browser.context.request.get(new URL(href!, server.url).toString());
    expect(res.ok()).toBe(true);
    mp4 = path.join(work, 'page.mp4');
    writeFileSync(mp4, await res.body());
    const tts = final.ppt.pages[0].tts.split('?')[0].replace(/\.[a-z0-9]+$/i, '.json');
    const timings = await browser.context.request.get(`${server.url}${tts}`);
    const read = (await timings.json()) as { mouth: MouthCue[]; durationMs: number; words: TimedWord[] };
    cues = read.mouth;
    audioMs = read.durationMs;
    expect(cues.length).toBeGreaterThan(10);
    // 非常 and 特别 stress a point (open palms), 请看这里 sends the eye to the slide (pointing).
    gestures = gestureEvents({ words: read.words, stickersMs: [], durationMs: audioMs });
    expect(gestures.map((g) => g.pose)).toContain('palm');
    expect(gestures.map((g) => g.pose)).toContain('point');
  }, 420_000);

  it('shows the same pose, mouth and eyes on the stage as in the video frame at the same time', async () => {
    const c = final.character;
    const box: Box = { x: c.X, y: c.Y, width: c.width, height: c.height };
    const motion = motionTimeline({ durationMs: 10 * 60_000, seed: 1, cues });
    const speechEnd = cues[cues.length - 1].startMs;
    // Times: during speech, the first blink's first and last closed frame and the frame after it,
    // the first brow lift, a nod, at rest between sentences and after the narration.
    const firstBlink = motion.blinks[0];
    const palm = gestures.find((g) => g.pose === 'palm')!.startMs;
    const point = gestures.find((g) => g.pose === 'point')!.startMs;
    const side = pointingSide(characterBox(final), slideBox(final));
    expect(side).toBe('right');
    // Gestures: the first frame of each and one well inside it.
    const times = [
      palm,
      palm + 600,
      point,
      point + 800,
      600,
      1800,
      firstBlink,
      firstBlink + 120,
      firstBlink + 160,
      motion.lifts[0] + 200,
      motion.nods[0].atMs,
      restBetween(cues),
      Math.floor(Math.min(speechEnd + 400, audioMs - 80) / FRAME_MS) * FRAME_MS,
    ];
    await page.goto(`${server.url}/home/#/video?videoid=${projectId}`);
    await page.reload();
    await stageReady(page);
    await holdClockAt(page, 0);
    await page.click(tid('narration-preview'));
    // Talking once the timings are loaded: the mouth at a vowel shows the timeline's shape.
    await expect
      .poll(() => stageApi<{ eyes?: string }>(page, 'face').then((f) => f.eyes), { timeout: 60_000 })
      .toBeDefined();
    const layout = headLayout(rig, box);
    const cut = (b: Buffer, r: Box) =>
      sharp(b, { raw: { width: box.width, height: box.height, channels: 3 } })
        .extract({ left: r.x, top: r.y, width: r.width, height: r.height })
        .raw()
        .toBuffer();
    const boxes = new Map<number, { stage: Buffer; video: Buffer; head: Box; eyes: Box }>();
    for (const ms of times) {
      await holdClockAt(page, ms);
      const face = await stageApi<{ shape: string; eyes: string; torso: string }>(page, 'face');
      const state = eyeStateAt(motion, ms);
      expect(face.eyes, `eyes at ${ms} ms`).toBe(state);
      const torso = torsoPoseAt({ gestures, fps: 25 }, ms, side);
      expect(face.torso, `torso at ${ms} ms`).toBe(torso);
      const png = await exportFrame(page);
      const size = await sharp(png).metadata();
      expect([size.width, size.height]).toEqual([W, H]);
      writeFileSync(path.join(work, `stage-${ms}.png`), png);
      const stage = await sharp(png)
        .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
        .removeAlpha()
        .raw()
        .toBuffer();
      const video = videoBox(mp4, ms, box);
      expect(video.length, `video frame at ${ms} ms`).toBe(stage.length);
      await sharp(video, { raw: { width: box.width, height: box.height, channels: 3 } })
        .png()
        .toFile(path.join(work, `video-${ms}.png`));
      // The head sprite's box where the motion puts it at this pose, and the eyes box on it.
      const corner = headCorner(layout, poseAt(motion, ms));
      const head = {
        x: corner.x - box.x,
        y: corner.y - box.y,
        width: layout.rest.width,
        height: layout.rest.height,
      };
      const eyes = { ...layout.eyes, x: head.x + layout.eyes.x, y: head.y + layout.eyes.y };
      boxes.set(ms, { stage, video, head, eyes });
      const m: Measured = {
        ms,
        state,
        torso,
        box: meanAbs(stage, video),
        arms: meanAbs(await cut(stage, armsOf(box)), await cut(video, armsOf(box))),
        head: meanAbs(await cut(stage, head), await cut(video, head)),
        eyes: meanAbs(await cut(stage, eyes), await cut(video, eyes)),
      };
      measured.push(m);
      console.log(
        `${ms} ms (${state}, ${torso}, ${face.shape}): box ${m.box.toFixed(2)}, arms ${m.arms.toFixed(2)}, ` +
          `head ${m.head.toFixed(2)}, eyes ${m.eyes.toFixed(2)}`,
      );
    }
    writeFileSync(path.join(work, 'measured.json'), JSON.stringify(measured, null, 1));
    // Open, closed and the frame after a blink, during speech and at rest: the same picture.
    for (const m of measured.filter((x) => x.state !== 'lifted')) {
      expect(m.box, `box at ${m.ms} ms`).toBeLessThan(BOX_TOLERANCE);
      expect(m.arms, `arms at ${m.ms} ms`).toBeLessThan(BOX_TOLERANCE);
      expect(m.head, `head at ${m.ms} ms`).toBeLessThan(HEAD_TOLERANCE);
      expect(m.eyes, `eyes at ${m.ms} ms`).toBeLessThan(EYES_TOLERANCE);
    }
    expect(measured.filter((x) => x.state === 'closed').length).toBe(2);
    expect(measured.filter((x) => x.state === 'lifted').length).toBeGreaterThan(0);
    // The compare can tell: the video's eyes closed differ from its eyes open a frame later, and
    // the stage's head read one even step (2 px) off is more than twice as far from the video's.
    const blink = boxes.get(firstBlink)!;
    const after = boxes.get(firstBlink + 160)!;
    const blinkVsOpen = meanAbs(await cut(blink.video, blink.eyes), await cut(after.video, blink.eyes));
    console.log(`video eyes, blink vs open: ${blinkVsOpen.toFixed(2)}`);
    expect(blinkVsOpen).toBeGreaterThan(2 * EYES_TOLERANCE);
    const late = boxes.get(1800)!;
    const shifted = { ...late.head, y: late.head.y + 2 };
    const stepOff = meanAbs(await cut(late.stage, shifted), await cut(late.video, late.head));
    console.log(`head 2 px off at 1800 ms: ${stepOff.toFixed(2)}`);
    expect(stepOff).toBeGreaterThan(2 * measured.find((x) => x.ms === 1800)!.head);
    // The gestures show in both, and the compare tells a gesture's torso from the rest torso.
    expect(measured.filter((x) => x.torso === 'palm').length).toBeGreaterThanOrEqual(2);
    expect(measured.filter((x) => x.torso.startsWith('point')).length).toBeGreaterThanOrEqual(2);
    const rest = measured.find((x) => x.torso === 'rest' && x.state === 'open')!;
    // Another pose must be far past the tolerance and past three times what the same pose differs
    // (2026-11-28: the same pose 1.57-1.61, another 7.8 and more; before the export left out the
    // editor-only card, which showed between arm and body, 2.3-2.5 and 8.6).
    const samePose = Math.max(...measured.map((x) => x.arms));
    for (const ms of [palm + 600, point + 800]) {
      const wrong = meanAbs(
        await cut(boxes.get(ms)!.video, armsOf(box)),
        await cut(boxes.get(rest.ms)!.stage, armsOf(box)),
      );
      console.log(`arms, video at ${ms} ms vs the stage at rest: ${wrong.toFixed(2)}`);
      expect(wrong).toBeGreaterThan(Math.max(BOX_TOLERANCE, 3 * samePose));
    }
  }, 300_000);

  // The render's head track draws brows.png on the frames eyeStateAt says 'lifted', like the stage.
  it('lifts the brows in the video on the frames the stage does', () => {
    const lifted = measured.filter((x) => x.state === 'lifted');
    expect(lifted.length).toBeGreaterThan(0);
    for (const m of lifted) expect(m.eyes, `eyes at ${m.ms} ms`).toBeLessThan(EYES_TOLERANCE);
  });
});
