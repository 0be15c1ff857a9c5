import type { PagePart } from './planTypes';

/*
 * Smooth shot changes without xfade (the bundled ffmpeg has none): the next framing fades in over
 * the last TRANSITION_MS of the previous part, so at the segment boundary the new framing is at
 * rest, exactly as shotFraming places it. Each synthesised clip ends in 350 ms of silence, so the
 * blend falls in the pause and every spoken word is shown in its own framing.
 *
 * Part k is rendered from `startMs - leadMs` (its head, the frames that fade in) to its end; its
 * last `lead` frames of the next part are its tail. The page is then body0, blend(tail0, head1),
 * body1, ... joined by the concat filter: only the few blended frames pay for a full-frame overlay.
 */

/** How long a shot change blends (9 frames at 25 fps). */
export const TRANSITION_MS = 360;

/**
 * The blend length into each part, in ms: none for the first, else TRANSITION_MS in whole frames,
 * shortened so no part gives more than half of its frames to the blend into the next one.
 */
export function transitionLeads(parts: PagePart[], fps: number, transitionMs = TRANSITION_MS): number[] {
  const frameMs = 1000 / fps;
  const wanted = Math.round(transitionMs / frameMs);
  return parts.map((_, k) => {
    if (k === 0) return 0;
    const previous = Math.round(parts[k - 1].durationMs / frameMs);
    return Math.min(wanted, Math.floor(previous / 2)) * frameMs;
  });
}

/** Frames of the stream rendered for a part: its lead (head) plus its own time. */
export function partFrames(part: PagePart, fps: number): number {
  return Math.round(((part.leadMs ?? 0) + part.durationMs) / (1000 / fps));
}

/**
 * Filter chains joining the part streams `[p0] [p1] ...` (each `partFrames` long), with a crossfade
 * at each change of framing; `head` is the final concat, left open for the caller to continue.
 * Without leads this is the plain concat of the parts, each cut to its frames first: uncut, a part's
 * stream ran a frame long and every later framing came a frame late (a cut without a blend in
 * `tests/server/video/gestures.test.ts`).
 */
export function joinParts(parts: PagePart[], fps: number): { chains: string[]; head: string } {
  const frames = (ms: number) => Math.round(ms / (1000 / fps));
  const leads = parts.map((p) => frames(p.leadMs ?? 0));
  if (leads.every((l) => l === 0)) {
    const chains = parts.map(
      (p, k) => `[p${k}]trim=end_frame=${partFrames(p, fps)},setpts=PTS-STARTPTS[jc${k}]`,
    );
    return { chains, head: `${parts.map((_, k) => `[jc${k}]`).join('')}concat=n=${parts.length}:v=1:a=0` };
  }
  const chains: string[] = [];
  const pieces: string[] = [];
  const cut = (label: string, from: number, until: number, out: string) =>
    `${label}trim=start_frame=${from}:end_frame=${until},setpts=PTS-STARTPTS${out}`;
  // Labels start with j, clear of the part chains' own ([b0], [p0], ...).
  parts.forEach((part, k) => {
    const head = leads[k];
    const tail = k + 1 < parts.length ? leads[k + 1] : 0;
    const total = partFrames(part, fps);
    const outs = [head ? `[jh${k}]` : '', `[jb${k}]`, tail ? `[jt${k}]` : ''].filter(Boolean);
    chains.push(outs.length > 1 ? `[p${k}]split=${outs.length}${outs.join('')}` : `[p${k}]null[jb${k}]`);
    if (head) {
      // fifo holds the head's frames until the blend asks for them. Without it, the part's first
      // frame, pushed through when ffmpeg starts, reached the blend at once, which then pulled the
      // part before it up to its tail ahead of the concat: for the bench project's shot page, 1.7 GB
      // of frames held and 14 CPU s instead of 9, the same frames (issue 15).
      // format=yuv420p first pins the split to yuv420p: otherwise negotiation would move the
      // yuva420p conversion above the split and convert every frame of the part, twice.
      chains.push(
        cut(
          `[jh${k}]fifo,`,
          0,
          head,
          `,format=yuv420p,format=yuva420p,fade=t=in:s=0:n=${head}:alpha=1[jf${k}]`,
        ),
        `[jx${k - 1}][jf${k}]overlay=0:0[jo${k}]`,
      );
      pieces.push(`[jo${k}]`);
    }
    if (outs.length > 1) chains.push(cut(`[jb${k}]`, head, total - tail, `[jc${k}]`));
    pieces.push(outs.length > 1 ? `[jc${k}]` : `[jb${k}]`);
    if (tail) chains.push(cut(`[jt${k}]`, total - tail, total, `[jx${k}]`));
  });
  return { chains, head: `${pieces.join('')}concat=n=${pieces.length}:v=1:a=0` };
}
