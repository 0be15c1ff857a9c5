import {
  DUCK_RAMP_MS,
  duckingExpression,
  FADE_IN_MS,
  FADE_OUT_MS,
  speechIntervals,
  type Interval,
} from './backgroundMusic';
import { AUDIO_CODEC } from './ffmpegArgs';
import { pageAudio } from './layers/pageAudio';
import type { PagePlan } from './planTypes';

/*
 * The soundtrack with background music in pieces, one per page (issue 15). A piece is encoded
 * once and cached like the pages, keyed by what its sound depends on, so editing one page
 * re-encodes only the pieces whose sound changed. Pieces are joined by copying AAC packets.
 *
 * AAC cannot simply be cut at page joins: it codes 1024-sample frames, each overlapping the next
 * (the decoder adds the second half of one frame to the first half of the next), and every
 * encoding starts with a priming frame. So the pieces are cut on the whole soundtrack's frame grid,
 * not at the page joins: piece k keeps the packets of the frames from its page's start (rounded
 * down to a frame) to the next page's, and is encoded from MARGIN frames before to MARGIN frames
 * after them, from the same sound the neighbouring pieces see there. Packet Q_i codes the samples
 * [(i-1)·1024, (i+1)·1024) of the soundtrack; two consecutive packets from different encodings
 * were coded from the same sound, so their overlap adds up to that sound (up to coding noise)
 * and the join has no gap and no click. The first piece keeps no priming packet: the video's
 * sound starts at its first sample (faded in).
 */

export const RATE = 48_000;
export const FRAME = 1024;
/** Frames encoded beyond each end of a piece's own: the encoder settles before the kept packets. */
export const MARGIN = 2;

const STEREO = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';
const sec = (ms: number) => (ms / 1000).toFixed(3);

/** One piece: the samples it is encoded from and the packets it keeps (soundtrack numbering). */
export interface SoundPiece {
  /** First and after-last soundtrack sample the piece is encoded from (start on the frame grid). */
  from: number;
  to: number;
  /** Packets kept: Q_first … Q_(last-1), counted on the whole soundtrack (Q_0 is its priming). */
  first: number;
  last: number;
  /** The pages whose sound reaches [from, to), and the soundtrack sample each starts at. */
  pages: { plan: PagePlan; start: number }[];
}

const samples = (ms: number) => Math.round((ms * RATE) / 1000);

/** The soundtrack sample each page starts at, and the soundtrack's length in samples. */
function pageStarts(plans: PagePlan[]): { starts: number[]; total: number } {
  const starts: number[] = [];
  let at = 0;
  for (const plan of plans) {
    starts.push(at);
    at += samples(plan.durationMs);
  }
  return { starts, total: at };
}

/** The piece encoded from `from` to `to` that keeps Q_first … Q_(last-1), with the pages it hears. */
export function spanPiece(
  plans: PagePlan[],
  from: number,
  to: number,
  first: number,
  last: number,
): SoundPiece {
  const { starts } = pageStarts(plans);
  const pages = plans
    .map((plan, i) => ({ plan, start: starts[i] }))
    .filter((p) => p.start < to && p.start + samples(p.plan.durationMs) > from);
  return { from, to, first, last, pages };
}

/** The pieces of the soundtrack of `plans`, one per page (none for a page shorter than a frame). */
export function soundPieces(plans: PagePlan[]): SoundPiece[] {
  const { starts, total } = pageStarts(plans);
  const grid = plans.map((_, k) => (k === 0 ? 0 : Math.floor(starts[k] / FRAME)));
  grid.push(Math.ceil(total / FRAME));
  const pieces: SoundPiece[] = [];
  for (let k = 0; k < plans.length; k++) {
    const [a, b] = [grid[k], grid[k + 1]];
    if (b <= a) continue;
    pieces.push(spanPiece(plans, Math.max(0, a - MARGIN) * FRAME, (b + MARGIN) * FRAME, a + 1, b + 1));
  }
  return pieces;
}

/**
 * Pieces next to each other as one piece: encoded in one pass, then cut into theirs (keptPackets
 * with the run's start). Their packets join as well as those of separate encodings.
 */
export function runPiece(plans: PagePlan[], run: SoundPiece[]): SoundPiece {
  const [head, tail] = [run[0], run[run.length - 1]];
  return spanPiece(plans, head.from, tail.to, head.first, tail.last);
}

/** Input files of a piece, in input order: each page's clips and sounding video, then the music. */
export function pieceInputs(piece: SoundPiece, musicWav: string): string[] {
  return [
    ...piece.pages.flatMap(({ plan }) => [
      ...plan.audio.flatMap((a) => ['-i', a.file]),
      ...(plan.video?.sound ? ['-i', plan.video.file] : []),
    ]),
    // The music as decoded once (soundtrack.ts): raw 48 kHz stereo float samples.
    '-f', 'f32le', '-ar', '48000', '-ac', '2', '-stream_loop', '-1', '-i', musicWav,
  ]; // prettier-ignore
}

/**
 * The piece's filter graph into [a]: the pages' sound as the pages play it (pageAudio, cut to each
 * page's length, joined, silence after the last), and the looped music (decoded to `musicSamples`
 * samples) from the piece's place in it, faded and ducked on the whole video's clock: both streams
 * are stamped with soundtrack time, so the fades and the ducking expression read the same t as in
 * one whole-video mix.
 */
export function pieceGraph(
  piece: SoundPiece,
  plans: PagePlan[],
  volume: number,
  musicSamples: number,
): string {
  const chains: string[] = [];
  let input = 0;
  piece.pages.forEach(({ plan }, k) => {
    const clips = plan.audio.length;
    const video = plan.video?.sound ? input + clips : null;
    chains.push(
      ...pageAudio(
        plan.audio.map((a) => a.durationMs),
        input,
        video,
        `pa${k}`,
      ),
    );
    chains.push(
      `[pa${k}]atrim=end_sample=${samples(plan.durationMs)},asetpts=PTS-STARTPTS,${STEREO}[pt${k}]`,
    );
    input += clips + (video === null ? 0 : 1);
  });
  const n = piece.pages.length;
  const pageStart = piece.pages[0].start;
  const length = piece.to - piece.from;
  const stamp = `asetpts=(N+${piece.from})/SR/TB`;
  chains.push(
    `${piece.pages.map((_, k) => `[pt${k}]`).join('')}concat=n=${n}:v=0:a=1,apad,` +
      `atrim=start_sample=${piece.from - pageStart}:end_sample=${piece.to - pageStart},${stamp}[n]`,
  );
  const totalMs = plans.reduce((sum, p) => sum + p.durationMs, 0);
  const fadeOut = Math.max(0, totalMs - FADE_OUT_MS);
  const [fromMs, toMs] = [(piece.from / RATE) * 1000, (piece.to / RATE) * 1000];
  // Only the speech near the piece, cut to just beyond it: the key then changes only with what
  // the piece hears. Narration runs on across page joins as one interval, whose far end moved
  // with every later page's length and so re-encoded every piece before an edit (issue 15).
  const near = speechIntervals(plans)
    .filter((i) => i.endMs + DUCK_RAMP_MS > fromMs && i.startMs - DUCK_RAMP_MS < toMs)
    .map((i) => nearPiece(i, fromMs, toMs));
  const skip = piece.from % Math.max(1, musicSamples);
  // Fades only in the pieces they reach: the video's length is then no part of the others' keys.
  const fades = [
    ...(fromMs < FADE_IN_MS ? [`afade=t=in:st=0:d=${sec(FADE_IN_MS)}`] : []),
    ...(toMs > fadeOut ? [`afade=t=out:st=${sec(fadeOut)}:d=${sec(FADE_OUT_MS)}`] : []),
  ];
  chains.push(
    `[${input}:a]${STEREO},atrim=start_sample=${skip}:end_sample=${skip + length},${stamp},` +
      fades.map((f) => `${f},`).join('') +
      // Small frames so the gain, evaluated once per frame, changes every 5 ms: smooth ramps.
      `asetnsamples=n=256,volume='${duckingExpression(near, volume)}':eval=frame[m]`,
    `[n][m]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[a]`,
  );
  return chains.join(';\n');
}

/**
 * A speech interval cut to a ramp beyond [fromMs, toMs]: the ducking gain inside is the same (a
 * cut end is still a full ramp away from every t there), but no longer names a time outside.
 */
function nearPiece(i: Interval, fromMs: number, toMs: number): Interval {
  return {
    startMs: Math.max(i.startMs, Math.round(fromMs) - DUCK_RAMP_MS),
    endMs: Math.min(i.endMs, Math.round(toMs) + DUCK_RAMP_MS),
  };
}

/** ffmpeg arguments encoding a piece to raw AAC (ADTS), whose packets are then cut out. */
export function pieceArgs(piece: SoundPiece, musicWav: string, graphFile: string, output: string): string[] {
  return [
    '-y', ...pieceInputs(piece, musicWav),
    '-filter_complex_script', graphFile,
    '-map', '[a]', ...AUDIO_CODEC, '-f', 'adts', output,
  ]; // prettier-ignore
}

/** ADTS frames of `data` as [offset, length] pairs. */
export function adtsFrames(data: Uint8Array): [number, number][] {
  const frames: [number, number][] = [];
  let at = 0;
  while (at + 7 <= data.length) {
    if (data[at] !== 0xff || (data[at + 1] & 0xf0) !== 0xf0) throw new Error(`ADTS: no sync at ${at}`);
    const length = ((data[at + 3] & 3) << 11) | (data[at + 4] << 3) | (data[at + 5] >> 5);
    if (length < 7 || at + length > data.length) throw new Error(`ADTS: bad frame at ${at}`);
    frames.push([at, length]);
    at += length;
  }
  return frames;
}

/**
 * The packets the piece keeps, out of an encoding from the soundtrack sample `encodedFrom` (the
 * piece's own start, or its run's), whose packet 0 is Q_(encodedFrom/1024).
 */
export function keptPackets(piece: SoundPiece, encoded: Uint8Array, encodedFrom = piece.from): Uint8Array {
  const frames = adtsFrames(encoded);
  const offset = encodedFrom / FRAME;
  const [a, b] = [piece.first - offset, piece.last - offset];
  if (a < 0 || b > frames.length)
    throw new Error(`soundtrack piece: ${frames.length} packets, needs ${a}…${b}`);
  const start = frames[a][0];
  const end = frames[b - 1][0] + frames[b - 1][1];
  return encoded.subarray(start, end);
}
