/**
 * The CJK font for burned-in subtitles: Noto Sans SC (OFL) shipped by @embedpdf/fonts-sc as OTF files.
 * libass finds it through `fontsdir=` (subtitles filter) with the family name below.
 */

/** Font family name inside the OTF files (fc-query), for ASS styles / force_style `FontName`. */
export const SUBTITLE_FONT_FAMILY = 'Noto Sans S Chinese';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Folder holding the Noto Sans SC OTF files (pass as the subtitles filter's `fontsdir`). */
export function subtitleFontDir(): string {
  // The package exports only its JS entry, so locate the fonts folder relative to it.
  return join(dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
}

/** Path of the regular-weight subtitle font. */
export function subtitleFontPath(weight: 'Regular' | 'Medium' | 'Bold' = 'Regular'): string {
  return join(subtitleFontDir(), `NotoSansHans-${weight}.otf`);
}
