/**
 * How far each mouth shape opens the lips, and which of the three classes a viewer tells apart
 * (closed, open, rounded) it belongs to. Openings follow the built-in presenters' mouth sprites
 * (scripts/art/mouths.ts): the height of the hole between the lips over that of D, wide open.
 */
import type { MouthShape } from './mouthShapes';

/** Lip opening of each shape, 0 (closed) to 1 (D, wide open). */
export const MOUTH_OPENING: Readonly<Record<MouthShape, number>> = {
  X: 0,
  A: 0,
  B: 0.28, // 10 px of D's 36
  C: 0.61, // 22 px
  D: 1,
  E: 0.78, // 28 px, rounded
  F: 0.33, // the puckered ring's 12 px hole
  G: 0.14, // teeth on the lower lip, a slit
  H: 0.72, // 26 px, tongue up
};

/** What a viewer sees the lips do: pressed or at rest, open, or rounded. */
export type MouthClass = 'closed' | 'open' | 'rounded';

/** The class of a shape: A and X are closed, E and F rounded, the others open. */
export function mouthClass(shape: MouthShape): MouthClass {
  if (shape === 'A' || shape === 'X') return 'closed';
  if (shape === 'E' || shape === 'F') return 'rounded';
  return 'open';
}
