import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechTimings } from '../../../src/api/speech.contract';
import { EXPORT_FRAME } from '../../../src/model/project';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';
import { ffmpegEnv } from '../../../src/server/adapters/media/fontconfig';
import { SUBTITLE_FONT_NAME, subtitleFontDir } from '../../../src/server/adapters/media/fonts';
import { subtitleScript } from '../../../src/server/video/renderPage';
import type { PagePlan } from '../../../src/server/video/planTypes';
import { normaliseNarration } from '../../../src/model/speech/subtitleCues';
import { subtitlesFilter, subtitleStyle } from '../../../src/server/video/subtitles';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { boxDifference, frameAt } from '../helpers/video';
import { RenderProject } from './renderProject';

// npm test: not run again with TEST_STORE=s3 (frames and timing of the render: the pages read and write
// the store as every render does, which render, compose, cache and crash.test check on the bucket)

const BLUE = [30, 60, 200];
const TEXT = '大家好，欢迎来到产品发布会。今天我们介绍三个新功能，第一个功能是自动字幕，谢谢大家！';

/** Dialogue lines of an ASS script: start ms and text. */
function dialogues(script: string): { startMs: number; text: string }[] {
  return [
    ...script.matchAll(
      /^Dialogue: 0,(\d+):(\d\d):(\d\d)\.(\d\d),[^,]*,Default,,0,0,0,,(?:\{[^}]*\})?(.*)$/gm,
    ),
  ].map((m) => ({ startMs: ((+m[1] * 60 + +m[2]) * 60 + +m[3]) * 1000 + +m[4] * 10, text: m[5] }));
}

/** RMS of 16-bit mono WAV samples in [fromMs, toMs). */
function rms(wav: Buffer, fromMs: number, toMs: number): number {
  const rate = wav.readUInt32LE(24);
  const a = 44 + Math.floor((fromMs * rate) / 1000) * 2;
  const b = Math.min(wav.length, 44 + Math.floor((toMs * rate) / 1000) * 2);
  let sum = 0;
  for (let i = a; i < b; i += 2) sum += wav.readInt16LE(i) ** 2;
  return Math.sqrt(sum / Math.max(1, (b - a) / 2));
}

describe('burned-in subtitles', () => {
  let t: TestServer;
  let p: RenderProject;
  let clip: { soundPath: string; soundTime: number; timings: SpeechTimings };

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    p = await RenderProject.create(t, await t.login('alice', 'secret123'), userId);
    clip = await p.speak(TEXT);
  }, 60_000);
  afterAll(() => t.stop());

  it('stores the text offsets of every spoken word', () => {
    const text = normaliseNarration(TEXT);
    expect(clip.timings.words.length).toBeGreaterThan(10);
    for (const w of clip.timings.words) expect(text.slice(w.charStart, w.charEnd)).toBe(w.text);
  });

  it('starts every cue within 100 ms of its speech', async () => {
    const frame = EXPORT_FRAME[1];
    const plan = {
      frame,
      subtitles: true,
      audio: [
        { file: '', durationMs: clip.timings.durationMs, mouth: [], text: TEXT, words: clip.timings.words },
      ],
    } as unknown as PagePlan;
    const cues = dialogues(subtitleScript(plan)!);
    expect(cues.map((c) => c.text)).toEqual([
      '大家好，欢迎来到产品发布会',
      '今天我们介绍三个新功能',
      '第一个功能是自动字幕',
      '谢谢大家！',
    ]);
    const wav = await t.stored.read(clip.soundPath);
    const text = normaliseNarration(TEXT);
    let from = 0;
    for (const cue of cues) {
      // The word that speaks the cue's first character, found in the narration independently.
      const at = text.indexOf(cue.text[0], from);
      from = at + cue.text.length;
      const word = clip.timings.words.find((w) => w.charStart! <= at && at < w.charEnd!)!;
      expect(Math.abs(cue.startMs - word.startMs)).toBeLessThanOrEqual(100);
      // And the audio really is speech there, not the pause before it.
      expect(rms(wav, cue.startMs, cue.startMs + 150)).toBeGreaterThan(300);
    }
  });

  it('draws with the bundled font only: ffmpeg runs with a fontconfig that names no system font', () => {
    const dir = mkdtempSync(path.join(tmpdir(), "subs [it's], a;b-"));
    const frame = { width: 640, height: 360 };
    const plan = {
      frame,
      subtitles: true,
      audio: [{ file: '', durationMs: 4000, mouth: [], text: '字幕使用内置字体 Noto Sans SC。', words: [] }],
    } as unknown as PagePlan;
    const ass = path.join(dir, 'page.ass');
    writeFileSync(ass, subtitleScript(plan)!);
    // The product's setup (fontconfig.ts): a cache of its own and no font folder at all, so the
    // first render of a machine does not scan its system fonts (38 s cold with fonts-noto-cjk).
    const env = ffmpegEnv();
    const conf = readFileSync(env.FONTCONFIG_FILE!, 'utf8');
    expect(conf).toContain('<cachedir>');
    expect(conf).not.toMatch(/<dir|<include/);
    const emptyConf = path.join(dir, 'fonts.conf');
    writeFileSync(emptyConf, `<?xml version="1.0"?><fontconfig><cachedir>${dir}</cachedir></fontconfig>`);
    const draw = (env: NodeJS.ProcessEnv) => {
      const args = ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x1e3cc8:s=640x360:d=2', '-vf'];
      args.push(`format=yuv420p,${subtitlesFilter(ass, subtitleFontDir())}`);
      args.push('-ss', '1', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
      const out = spawnSync(ffmpegPath(), args, { env, maxBuffer: 8 << 20 });
      expect(out.status).toBe(0);
      return out.stdout;
    };
    const asRendered = draw(env);
    const noFontsAtAll = draw({ ...process.env, FONTCONFIG_FILE: emptyConf });
    const band = { x: 0, y: 250, width: 640, height: 110 };
    const blank = Buffer.alloc(asRendered.length);
    for (let i = 0; i < blank.length; i += 3) blank.set([30, 60, 200], i);
    // The text is drawn (from the bundled font: there is no other) in the bottom band.
    expect(boxDifference(asRendered, blank, 640, band)).toBeGreaterThan(2);
    expect(asRendered.equals(noFontsAtAll)).toBe(true);
  });

  for (const orientation of [1, 2] as const) {
    const name = orientation === 1 ? 'landscape' : 'portrait';
    it(`draws the subtitle in the bottom band only (${name})`, async () => {
      const { width, height } = EXPORT_FRAME[orientation];
      const bg = await p.solid(`bg-${orientation}.png`, BLUE, width, height);
      const page = { text: TEXT, soundPath: clip.soundPath, soundTime: clip.soundTime };
      const on = await p.render(p.document(orientation, bg, [page], 1), `on-${orientation}.mp4`);
      const off = await p.render(p.document(orientation, bg, [page], 2), `off-${orientation}.mp4`);
      expect(on.result).toMatchObject({ width, height });

      const at = (clip.timings.words[3].startMs + 200) / 1000;
      const a = frameAt(on.file, at, width, height);
      const b = frameAt(off.file, at, width, height);
      await sharp(a, { raw: { width, height, channels: 3 } })
        .png()
        .toFile(`/tmp/subtitles-${name}.png`);

      const style = subtitleStyle({ width, height }, SUBTITLE_FONT_NAME);
      const bandTop = height - style.marginBottom - Math.round(style.fontSize * 1.6);
      const band = { x: 0, y: bandTop, width, height: height - bandTop };
      const above = { x: 0, y: 0, width, height: bandTop };
      expect(boxDifference(a, b, width, band)).toBeGreaterThan(2);
      expect(boxDifference(a, b, width, above)).toBeLessThan(0.5);

      // Text pixels: near-white in the band with subtitles, none without.
      const white = (f: Buffer) => {
        let n = 0;
        for (let y = band.y; y < height; y++)
          for (let x = 0; x < width; x++) {
            const i = (y * width + x) * 3;
            if (f[i] > 220 && f[i + 1] > 220 && f[i + 2] > 220) n++;
          }
        return n;
      };
      expect(white(a)).toBeGreaterThan(500);
      expect(white(b)).toBe(0);
    }, 180_000);
  }
});
