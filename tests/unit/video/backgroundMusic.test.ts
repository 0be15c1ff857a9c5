import { describe, expect, it } from 'vitest';
import type { MouthCue } from '../../../src/model/speech';
import {
  DUCK_GAIN,
  duckingExpression,
  musicMixGraph,
  speechIntervals,
} from '../../../src/server/video/backgroundMusic';
import type { PagePlan } from '../../../src/server/video/planTypes';
import {
  joinWithSoundtrackArgs,
  soundtrackArgs,
  soundtrackGraph,
} from '../../../src/server/video/soundtrack';

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

describe('the soundtrack with music, made while the pages render', () => {
  const talking = page(2000, [{ durationMs: 2000, mouth: cues([0, 'X'], [300, 'A'], [1500, 'X']) }]);
  const withVideo = {
    ...page(3000, [
      { durationMs: 1000, mouth: cues([0, 'B'], [700, 'X']) },
      { durationMs: 1000, mouth: cues([0, 'X']) },
    ]),
    video: { file: 'clip.mp4', sound: true },
  } as PagePlan;

  it("takes every page's clips and sounding video, then the looped music, as inputs", () => {
    const args = soundtrackArgs([talking, withVideo], '/m/music.m4a', '/w/st.filtergraph', '/w/st.m4a');
    expect(args.join(' ')).toBe(
      '-y -i a.wav -i a.wav -i a.wav -i clip.mp4 -stream_loop -1 -i /m/music.m4a ' +
        '-filter_complex_script /w/st.filtergraph -map [a] -c:a aac -b:a 128k -ar 48000 -ac 2 -f mp4 /w/st.m4a',
    );
  });

  it('cuts each page to its length, joins them and mixes the music beneath', () => {
    const graph = soundtrackGraph([talking, withVideo], 0.3);
    expect(graph).toContain('[0:a]concat=n=1:v=0:a=1,aresample=48000,apad[pa0]');
    expect(graph).toContain('[pa0]atrim=duration=2.000,asetpts=PTS-STARTPTS,');
    // Page 2: its two clips, its video's sound beneath (input 3), cut to 3 s.
    expect(graph).toContain('[1:a][2:a]concat=n=2:v=0:a=1');
    expect(graph).toContain('[3:a]aresample=48000');
    expect(graph).toContain('[pa1]atrim=duration=3.000');
    expect(graph).toContain('[pt0][pt1]concat=n=2:v=0:a=1[narration]');
    expect(graph).toContain('[narration]aresample=48000');
    expect(graph).toContain('[4:a]aresample=48000');
    expect(graph).toContain('atrim=duration=5.000');
    // Exact sum (amix would rescale the narration).
    expect(graph).toContain('[n][m]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[a]');
  });

  it('joins by copying the pages video and the soundtrack', () => {
    expect(joinWithSoundtrackArgs('/w/pages.ffconcat', '/w/st.m4a', '/w/video.mp4').join(' ')).toBe(
      '-y -f concat -safe 0 -i /w/pages.ffconcat -i /w/st.m4a -map 0:v -map 1:a -c copy ' +
        '-movflags +faststart -f mp4 /w/video.mp4',
    );
  });

  it('fades and ducks the music', () => {
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
