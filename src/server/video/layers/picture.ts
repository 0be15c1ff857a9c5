/*
 * The building blocks every page picture shares. A picture is built bottom to top: each layer
 * prepares its own streams, then draws them over the picture below, whose latest state is an open
 * chain (the `head`) that the next layer continues or names.
 */

/** A page picture so far: the inputs it opens, its finished chains and the open chain on top. */
export interface Picture {
  inputs: string[];
  chains: string[];
  head: string;
}

/**
 * Where a page's video sound comes from: an input the picture already opens for the video, or
 * one more input of the file (shot parts cut the video per part, without its sound); null: none.
 */
export type VideoSound = { input: number } | { file: string } | null;

/** A position in export pixels. */
export interface At {
  x: number;
  y: number;
}

/**
 * `above` drawn over `below` at `at`, as an open chain; a stream that ends holds its last frame
 * (a looped still or a sprite track shorter than the page by a frame never blinks out).
 */
export function overlayAt(below: string, above: string, at: At): string {
  return `${below}${above}overlay=${at.x}:${at.y}:eof_action=repeat`;
}

/**
 * A prepared stream drawn over the open chain `head`: `source` makes `above`, `head` is named
 * `base` and the overlay `out`; the picture goes on from `out` through a null pass, so the next
 * layer can name or continue it like any open chain.
 */
export function drawOver(
  head: string,
  source: string,
  labels: { above: string; base: string; out: string },
  at: At,
): { chains: string[]; head: string } {
  const { above, base, out } = labels;
  return { chains: [source, `${head}${base}`, `${overlayAt(base, above, at)}${out}`], head: `${out}null` };
}
