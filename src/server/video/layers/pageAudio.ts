/** The video's sound under the narration (narration at full level, the video quieter). */
export const VIDEO_SOUND_VOLUME = 0.35;

/**
 * The page audio graph into [a]: the narration clips (inputs from `first`) in order, padded
 * (silence without any); with the input index of a page video whose sound is on, that sound
 * mixed beneath at VIDEO_SOUND_VOLUME. `label` names the output and suffixes the inner labels, so
 * the whole video's soundtrack (soundtrack.ts) can hold every page's graph at once.
 */
export function pageAudio(clips: number, first: number, videoInput: number | null, label = 'a'): string[] {
  const inner = label === 'a' ? '' : label;
  const audioIn = Array.from({ length: clips }, (_, i) => `[${i + first}:a]`).join('');
  const narration = clips
    ? `${audioIn}concat=n=${clips}:v=0:a=1,aresample=48000,apad`
    : `anullsrc=r=48000:cl=stereo`;
  if (videoInput === null) return [`${narration}[${label}]`];
  return [
    `${narration},aformat=sample_fmts=fltp:channel_layouts=stereo[n${inner}]`,
    `[${videoInput}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=${VIDEO_SOUND_VOLUME},apad[va${inner}]`,
    // amerge + pan sums at exact gains (amix of this ffmpeg always rescales its inputs).
    `[n${inner}][va${inner}]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[${label}]`,
  ];
}
