import { describe, expect, it } from 'vitest';
import type { MouthCue } from '../../../src/model/speech';
import { DUCK_GAIN, duckingExpression, speechIntervals } from '../../../src/server/video/backgroundMusic';
import type { PagePlan } from '../../../src/server/video/planTypes';
import { joinWithSoundtrackArgs } from '../../../src/server/video/soundtrack';
import {
  adtsFrames,
  keptPackets,
  pieceArgs,
  pieceGraph,
  soundPieces,
} from '../../../src/server/video/soundtrackPieces';

const cues = (...c: [number, string][]): MouthCue[] =>
  c.map(([startMs, shape]) => ({ startMs, shape }) as MouthCue);
const page = (durationMs: number, clips: { durationMs: number; mouth: MouthCue[] }[]) =>
  ({ durationMs, audio: clips.map((c) => ({ file: 'a.wav', ...c })) }) as unknown as PagePlan;

/** Evaluates the ffmpeg expression at t (it only uses clip, min, + - * /). */
function gainAt(expression: string, t: number): number {
  // `t--0.180` (a time before 0) is ffmpeg's minus minus: JavaScript reads it as a decrement.
  const js = expression.replace(/--/g, '+').replace(/\bt\b/g, `(${t})`);
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

  it('takes the clips and sounding video of every page the piece hears, then the music', () => {
    const [first] = soundPieces([talking, withVideo]);
    const args = pieceArgs(first, '/c/music.f32', '/w/p.filtergraph', '/w/p.aac');
    expect(args.join(' ')).toBe(
      '-y -i a.wav -i a.wav -i a.wav -i clip.mp4 -f f32le -ar 48000 -ac 2 -stream_loop -1 -i /c/music.f32 ' +
        '-filter_complex_script /w/p.filtergraph -map [a] -c:a aac -aac_coder fast -b:a 128k -ar 48000 -ac 2 -f adts /w/p.aac',
    );
  });

  it('cuts the soundtrack on the AAC frame grid, each piece encoded two frames beyond its own', () => {
    // 2 s = 96000 samples: frame 93 holds the join; 5 s = 240000 samples: 235 frames (rounded up).
    const pieces = soundPieces([talking, withVideo]);
    expect(pieces.map(({ from, to, first, last }) => ({ from, to, first, last }))).toEqual([
      { from: 0, to: 95 * 1024, first: 1, last: 94 },
      { from: 91 * 1024, to: 237 * 1024, first: 94, last: 236 },
    ]);
    // Both pieces hear both pages near the join.
    expect(pieces[1].pages.map((p) => p.start)).toEqual([0, 96000]);
  });

  it("mixes each page's sound and the music on the whole video's clock", () => {
    const plans = [talking, withVideo];
    const graph = pieceGraph(soundPieces(plans)[1], plans, 0.3, 48000 * 4);
    expect(graph).toContain('[0:a]aresample=48000,apad=whole_len=96000,atrim=end_sample=96000,apad[pa0]');
    expect(graph).toContain('[pa0]atrim=end_sample=96000,asetpts=PTS-STARTPTS,');
    // Page 2: its two clips, each padded to its whole frames, its video's sound beneath (input 3),
    // cut to 3 s.
    expect(graph).toContain('[1:a]aresample=48000,apad=whole_len=48000,atrim=end_sample=48000[c0pa1]');
    expect(graph).toContain('[c0pa1][c1pa1]concat=n=2:v=0:a=1');
    expect(graph).toContain('[3:a]aresample=48000');
    expect(graph).toContain('[pa1]atrim=end_sample=144000');
    // The joined pages from the piece's first sample, stamped with soundtrack time.
    expect(graph).toContain(
      '[pt0][pt1]concat=n=2:v=0:a=1,apad,atrim=start_sample=93184:end_sample=242688,asetpts=(N+93184)/SR/TB[n]',
    );
    // The music (4 s, looped) from the same place: 93184 samples in.
    expect(graph).toContain(
      '[4:a]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,atrim=start_sample=93184:end_sample=242688',
    );
    // Fades only where they reach: the second piece ends the video, the first starts it.
    expect(graph).toContain(
      'stereo,atrim=start_sample=93184:end_sample=242688,asetpts=(N+93184)/SR/TB,afade=t=out:st=3.500:d=1.500,asetnsamples',
    );
    const opening = pieceGraph(soundPieces(plans)[0], plans, 0.3, 48000 * 4);
    expect(opening).toContain('asetpts=(N+0)/SR/TB,afade=t=in:st=0:d=0.500,asetnsamples');
    // Exact sum (amix would rescale the narration).
    expect(graph).toContain('[n][m]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[a]');
  });

  it('keeps an early piece when a later page changes length, though the speech runs on', () => {
    // Speech from start to end: one interval over every join, ending with the last page.
    const speaking = (ms: number) => page(ms, [{ durationMs: ms, mouth: cues([0, 'B'], [ms - 100, 'X']) }]);
    const before = [speaking(4000), speaking(4000), speaking(4000)];
    const after = [speaking(4000), speaking(4000), speaking(6000)];
    const graphOf = (plans: PagePlan[], k: number) =>
      pieceGraph(soundPieces(plans)[k], plans, 0.3, 48000 * 30);
    expect(graphOf(after, 0)).toBe(graphOf(before, 0));
    // The last piece hears the new end of speech; its music fades out later.
    expect(graphOf(after, 2)).not.toBe(graphOf(before, 2));
    // The cut interval ducks as the whole one does at every time in the piece.
    const [first] = soundPieces(after);
    const volume = (graph: string) => /volume='([^']+)'/.exec(graph)![1];
    const whole = duckingExpression(speechIntervals(after), 0.3);
    for (let ms = 0; ms <= (first.to / 48000) * 1000; ms += 10)
      expect(gainAt(volume(graphOf(after, 0)), ms / 1000)).toBeCloseTo(gainAt(whole, ms / 1000), 9);
  });

  it('keeps the packets of its own frames out of the encoding', () => {
    const frame = (n: number) => {
      const f = new Uint8Array(10).fill(n);
      f.set([0xff, 0xf1, 0, 0, 10 >> 3, (10 & 7) << 5], 0);
      return f;
    };
    const piece = { from: 2048, to: 8 * 1024, first: 5, last: 7, pages: [] };
    const encoded = new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7].flatMap((n) => [...frame(n)]));
    expect(adtsFrames(encoded)).toHaveLength(8);
    // Packet 0 of an encoding from sample 2048 is Q_2: Q_5 and Q_6 are its packets 3 and 4.
    expect([...keptPackets(piece, encoded)].filter((_, i) => i % 10 === 9)).toEqual([3, 4]);
  });

  it('joins by copying the pages video and the soundtrack', () => {
    expect(joinWithSoundtrackArgs('/w/pages.ffconcat', '/w/st.aac', '/w/video.mp4').join(' ')).toBe(
      '-y -f concat -safe 0 -i /w/pages.ffconcat -i /w/st.aac -map 0:v -map 1:a -c copy -bsf:a aac_adtstoasc ' +
        '-movflags +faststart -f mp4 /w/video.mp4',
    );
  });

  it('ducks the music', () => {
    expect(duckingExpression([{ startMs: 1000, endMs: 2000 }], 0.3)).toBe(
      '0.3000*(1-0.7500*(clip(min((t-0.800)/0.200,(2.200-t)/0.200),0,1)))',
    );
  });
});
