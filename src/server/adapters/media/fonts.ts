/**
 * The CJK font for burned-in subtitles: Noto Sans SC (OFL) shipped by @embedpdf/fonts-sc as OTF files.
 * libass finds it through `fontsdir=` (subtitles filter) with the family name below.
 */

/** Font family name inside the OTF files (fc-query). */
export const SUBTITLE_FONT_FAMILY = 'Noto Sans S Chinese';
/**
 * The name an ASS style must use. libass (2018 build) does not match the `fontsdir` fonts by the
 * family above, only by PostScript or full name: with the family it silently picks DejaVu Sans plus
 * a system CJK font, and draws nothing on a machine without one. The Medium weight reads better than
 * Regular over busy slides.
 */
export const SUBTITLE_FONT_NAME = 'NotoSansHans-Medium';
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
