/**
 * Mouth shapes from loudness, for narration without phoneme timings (uploaded or recorded audio).
 * Levels are normalised to the recording's own loud speech (95th percentile), smoothed with a fast
 * attack and a slow release so the mouth opens at once and closes gently, and gated with hysteresis
 * so noise near the threshold does not chatter. Louder means wider: B, then C, then D.
 */
import type { MouthShape } from './mouthShapes';
import { timelineFromSpans, type MouthCue, type MouthTimelineOptions, type ShapeSpan } from './mouthTimeline';

/** Options of {@link mouthTimelineFromLevels}; the timeline options apply too. */
export interface LevelTimelineOptions extends MouthTimelineOptions {
  /** Release time constant in ms (default 40: a mouth closes in ~100 ms after a loud sound). */
  releaseMs?: number;
  /** Normalised level that opens the mouth (default 0.15) and the lower one that closes it (default 0.08). */
  openAt?: number;
  closeAt?: number;
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * The mouth timeline of a recording from its loudness: `levels` are RMS levels (0..1 of full scale)
 * of consecutive frames `frameMs` long, starting at 0.
 */
export function mouthTimelineFromLevels(
  levels: readonly number[],
  frameMs: number,
  options: LevelTimelineOptions = {},
): MouthCue[] {
  const durationMs = Math.round(levels.length * frameMs);
  // Frames quieter than -50 dBFS never count as speech, whatever the recording's level.
  const floor = 0.003;
  const reference = percentile(
    levels.filter((l) => l > floor),
    0.95,
  );
  const openAt = options.openAt ?? 0.15;
  const closeAt = options.closeAt ?? 0.08;
  const release = Math.exp(-frameMs / (options.releaseMs ?? 40));
  const spans: ShapeSpan[] = [];
  let envelope = 0;
  let open = false;
  levels.forEach((level, i) => {
    const norm = reference > 0 && level > floor ? Math.min(1, level / reference) : 0;
    envelope = norm >= envelope ? norm : Math.max(norm, envelope * release);
    open = open ? envelope >= closeAt : envelope >= openAt;
    const shape: MouthShape = !open ? 'X' : envelope < 0.35 ? 'B' : envelope < 0.7 ? 'C' : 'D';
    const startMs = Math.round(i * frameMs);
    const endMs = Math.round((i + 1) * frameMs);
    const last = spans[spans.length - 1];
    if (last && last.shape === shape && last.endMs === startMs) last.endMs = endMs;
    else spans.push({ startMs, endMs, shape });
  });
  return timelineFromSpans(spans, durationMs, options);
}
