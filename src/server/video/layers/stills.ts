/**
 * A composed still (the page background, or the presenter body over a page video) as an open
 * chain: decoded once, converted to YUV once and the converted frame looped at the page fps.
 * Converting after the loop would redo a 1080p colour conversion on every frame (measured: half
 * the speed). `alpha` keeps the transparency of a front still; `frames` cuts it to a shot part.
 */
export function loopedStill(
  input: number,
  fps: number,
  opts: { alpha?: boolean; frames?: number } = {},
): string {
  const format = opts.alpha ? 'yuva420p' : 'yuv420p';
  const cut = opts.frames === undefined ? '' : `,trim=end_frame=${opts.frames}`;
  return `[${input}:v]format=${format},loop=loop=-1:size=1:start=0,settb=1/${fps},setpts=N${cut}`;
}
