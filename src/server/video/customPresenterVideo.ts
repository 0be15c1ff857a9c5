import type { PresenterKeying } from '../../api/presenter.contract';
import { chromaKeyFilters } from './customPresenterKey';
import type { SpeakingInterval } from './speaking';

/*
 * Kind 2 presenters (a talking loop video) in the page graph: the loop plays while the narration
 * speaks and its first frame stands while it is silent, keyed when it was shot on a green screen,
 * scaled to the presenter box. The lead's page graph adds the input and chains the fragment.
 */

/** A box in output pixels. */
export interface OutputBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const sec = (ms: number) => (ms / 1000).toFixed(3);

/** An ffmpeg expression of t that is non-zero inside any of the intervals ('0' when there are none). */
export function speakingExpression(intervals: readonly SpeakingInterval[]): string {
  if (intervals.length === 0) return '0';
  return intervals.map((i) => `between(t,${sec(i.startMs)},${sec(i.endMs)})`).join('+');
}

/** Input arguments of the loop video: decoded endlessly, so it loops for pages of any length. */
export function talkingVideoInput(file: string): string[] {
  return ['-stream_loop', '-1', '-i', file];
}

/**
 * The filter-graph fragment (chains joined by ';') that overlays a talking presenter on `base`
 * and names the result `out`. `input` is the loop's stream label (e.g. '3:v'), added with
 * {@link talkingVideoInput}. Two overlays with complementary `enable`s, not one stream switched
 * in place: a keyed still over the keyed video would let the moving video show through its
 * transparent parts.
 */
export function talkingVideoFragment(opts: {
  input: string;
  base: string;
  out: string;
  box: OutputBox;
  durationMs: number;
  speaking: readonly SpeakingInterval[];
  keying: PresenterKeying | null;
  fps?: number;
  /** Prefix of the fragment's inner labels, unique within the graph. */
  prefix?: string;
}): string {
  const { box, fps = 25, prefix = 'tv' } = opts;
  const key = opts.keying ? `${chromaKeyFilters(opts.keying)},` : '';
  const speaking = speakingExpression(opts.speaking);
  const at = `x=${box.x}:y=${box.y}`;
  const duration = sec(opts.durationMs);
  return [
    `[${opts.input}]setpts=PTS-STARTPTS,fps=${fps},${key}scale=${box.width}:${box.height},split=2[${prefix}_loop][${prefix}_first]`,
    `[${prefix}_loop]trim=duration=${duration}[${prefix}_talk]`,
    `[${prefix}_first]trim=end_frame=1,loop=loop=-1:size=1:start=0,settb=1/${fps},setpts=N,trim=duration=${duration}[${prefix}_still]`,
    `[${opts.base}][${prefix}_talk]overlay=${at}:eof_action=pass:enable='${speaking}'[${prefix}_spoken]`,
    `[${prefix}_spoken][${prefix}_still]overlay=${at}:eof_action=pass:enable='eq(${speaking},0)'[${opts.out}]`,
  ].join(';');
}
