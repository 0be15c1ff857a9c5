import type { PlannedSticker } from '../planTypes';
import { stickerChains } from '../stickers';
import { subtitlesFilter } from '../subtitles';

/**
 * The top of a page's video chain, over every framing: the open chain `head`, then the overlaid
 * stickers (inputs from `firstSticker`), then the pixel format and the subtitles (so text stays on
 * top of everything) into [v]. Without overlaid stickers the chain is exactly `head,tail[v]` as
 * before stickers existed, so such pages keep their cache keys. `hold` (heldFrames.ts) fills the
 * frames of a picture drawn only where it changes, before the subtitles, which change on their own.
 */
export function finishPicture(
  head: string,
  stickers: PlannedSticker[],
  firstSticker: number,
  subtitles: { assFile: string; fontsDir: string } | null | undefined,
  hold = '',
): string[] {
  const burnIn = subtitles ? `,${subtitlesFilter(subtitles.assFile, subtitles.fontsDir)}` : '';
  const tail = `${hold}format=yuv420p${burnIn}`;
  const chains = stickerChains(stickers, firstSticker, '[vs]', '[vz]');
  if (!chains) return [`${head},${tail}[v]`];
  return [`${head}[vs]`, ...chains, `[vz]${tail}[v]`];
}
