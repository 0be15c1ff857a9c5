import { describe, expect, it } from 'vitest';
import type { MouthCue } from '../../../src/model/speech';
import {
  DUCK_GAIN,
  duckingExpression,
  musicJoinArgs,
  musicMixGraph,
  speechIntervals,
} from '../../../src/server/video/backgroundMusic';
import type { PagePlan } from '../../../src/server/video/planTypes';

const cues = (...c: [number, string][]): MouthCue[] =>
  c.map(([startMs, shape]) => ({ startMs, shape }) as MouthCue);
const page = (durationMs: number, clips: { durationMs: number; mouth: MouthCue[] }[]) =>
  ({ durationMs, audio: clips.map((c) => ({ file: 'a.wav', ...c })) }) as unknown as PagePlan;

/** Evaluates the ffmpeg expression at t (it only uses clip, min, + - * /). */
function gainAt(expression: string, t: number): number {
  const js = expression.replace(/\bt\b/g, `(${t})`);
  const clip = (x: number, a: number, b: number) => Math.min(b, Math.max(a, x));
  return new Function('clip', 'min', `return ${js};`)(clip, Math.min) as number;
}

describe('speech intervals', () => {
  it('come from the mouth cues of every clip, pages placed one after another', () => {
    const plans = [
      page(2000, [{ durationMs: 2000, mouth: cues([0, 'X'], [300, 'A'], [900, 'C'], [1500, 'X']) }]),
      page(3000, [
        { durationMs: 1000, mouth: cues([100, 'B'], [700, 'X']) },
        { durationMs: 2000, mouth: cues([0, 'X'], [1200, 'D'], [1800, 'X']) },
      ]),
    ];
    expect(speechIntervals(plans)).toEqual([
      { startMs: 300, endMs: 1500 },
      { startMs: 2100, endMs: 2700 },
      { startMs: 4200, endMs: 4800 },
    ]);
  });

  it('merge short pauses so the music does not pump between words', () => {
    const plans = [
      page(3000, [{ durationMs: 3000, mouth: cues([0, 'A'], [500, 'X'], [900, 'B'], [1400, 'X']) }]),
    ];
    expect(speechIntervals(plans)).toEqual([{ startMs: 0, endMs: 1400 }]);
  });

  it('end a shape still open at the end of its clip with the clip', () => {
    expect(speechIntervals([page(1000, [{ durationMs: 1000, mouth: cues([200, 'A']) }])])).toEqual([
      { startMs: 200, endMs: 1000 },
    ]);
  });
});

describe('ducking', () => {
  const expression = duckingExpression(
    [
      { startMs: 1000, endMs: 3000 },
      { startMs: 5000, endMs: 6000 },
    ],
    0.4,
  );

  it('plays the music at its volume in pauses and 12 dB lower during speech', () => {
    expect(gainAt(expression, 0.5)).toBeCloseTo(0.4, 5);
    expect(gainAt(expression, 2)).toBeCloseTo(0.4 * DUCK_GAIN, 5);
    expect(20 * Math.log10(DUCK_GAIN)).toBeCloseTo(-12, 0);
    expect(gainAt(expression, 4)).toBeCloseTo(0.4, 5);
    expect(gainAt(expression, 5.5)).toBeCloseTo(0.4 * DUCK_GAIN, 5);
  });

  it('ramps down before speech starts and up after it ends, over 200 ms', () => {
    expect(gainAt(expression, 0.8)).toBeCloseTo(0.4, 5);
    expect(gainAt(expression, 0.9)).toBeCloseTo((0.4 + 0.4 * DUCK_GAIN) / 2, 5);
    expect(gainAt(expression, 1.0)).toBeCloseTo(0.4 * DUCK_GAIN, 5);
    expect(gainAt(expression, 3.1)).toBeCloseTo((0.4 + 0.4 * DUCK_GAIN) / 2, 5);
    expect(gainAt(expression, 3.2)).toBeCloseTo(0.4, 5);
  });

  it('is a constant without speech and clamps the volume to 0..1', () => {
    expect(duckingExpression([], 0.3)).toBe('0.3000');
    expect(duckingExpression([], 7)).toBe('1.0000');
  });
});

describe('the join with music', () => {
  it('copies the video and mixes the looped music under the unchanged narration', () => {
    const args = musicJoinArgs('/w/pages.ffconcat', '/m/music.m4a', '/w/music.filtergraph', '/w/video.mp4');
    expect(args.join(' ')).toBe(
      '-y -f concat -safe 0 -i /w/pages.ffconcat -stream_loop -1 -i /m/music.m4a ' +
        '-filter_complex_script /w/music.filtergraph -map 0:v -map [a] -c:v copy ' +
        '-c:a aac -b:a 128k -ar 48000 -ac 2 -movflags +faststart -f mp4 /w/video.mp4',
    );
    const graph = musicMixGraph([{ startMs: 1000, endMs: 2000 }], 0.3, 10_000);
    expect(graph).toContain('atrim=duration=10.000');
    expect(graph).toContain('afade=t=out:st=8.500:d=1.500');
    expect(graph).toContain(
      "volume='0.3000*(1-0.7500*(clip(min((t-0.800)/0.200,(2.200-t)/0.200),0,1)))':eval=frame",
    );
    // Exact sum (amix would rescale the narration).
    expect(graph).toContain('[n][m]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[a]');
  });
});
