/** The video's sound under the narration (narration at full level, the video quieter). */
export const VIDEO_SOUND_VOLUME = 0.35;

/** Samples of a clip's length on the page at 48 kHz. */
const samples = (ms: number) => Math.round((ms * 48_000) / 1000);

/**
 * The page audio graph into [a]: the narration clips (inputs from `first`), each padded with
 * silence to its length on the page (`lengthsMs`: whole frames, pageMotion.ts clipLengthMs) so
 * every segment starts on the frame its picture does, in order, then padded (silence without
 * any); with the input index of a page video whose sound is on, that sound mixed beneath at
 * VIDEO_SOUND_VOLUME. `label` names the output and suffixes the inner labels, so the whole video's
 * soundtrack (soundtrack.ts) can hold every page's graph at once.
 */
export function pageAudio(
  lengthsMs: readonly number[],
  first: number,
  videoInput: number | null,
  label = 'a',
): string[] {
  const inner = label === 'a' ? '' : label;
  const clip = (ms: number, i: number) =>
    `[${i + first}:a]aresample=48000,apad=whole_len=${samples(ms)},atrim=end_sample=${samples(ms)}`;
  const clips = lengthsMs.length > 1 ? lengthsMs.map((ms, i) => `${clip(ms, i)}[c${i}${inner}]`) : [];
  const narration =
    lengthsMs.length === 0
      ? `anullsrc=r=48000:cl=stereo`
      : lengthsMs.length === 1
        ? `${clip(lengthsMs[0], 0)},apad`
        : `${lengthsMs.map((_, i) => `[c${i}${inner}]`).join('')}concat=n=${lengthsMs.length}:v=0:a=1,apad`;
  if (videoInput === null) return [...clips, `${narration}[${label}]`];
  return [
    ...clips,
    `${narration},aformat=sample_fmts=fltp:channel_layouts=stereo[n${inner}]`,
    `[${videoInput}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=${VIDEO_SOUND_VOLUME},apad[va${inner}]`,
    // amerge + pan sums at exact gains (amix of this ffmpeg always rescales its inputs).
    `[n${inner}][va${inner}]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[${label}]`,
  ];
}
