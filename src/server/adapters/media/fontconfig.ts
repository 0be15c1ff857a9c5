import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * The fontconfig every ffmpeg child runs with: no system font folder, a cache folder of its own.
 * Subtitles draw with the bundled Noto Sans SC only (the subtitles filter's fontsdir, fonts.ts), so
 * the system's fonts are never needed. Yet with the system's setup the bundled ffmpeg's fontconfig
 * (an older cache format than the system's) scanned every system font on the first subtitle render
 * of a machine: 38 s, 24 CPU s with fonts-noto-cjk installed (measured on the 2-core Intel Xeon),
 * and again on every render wherever it could not write its cache. A system font could also change
 * what is drawn, where the editor shows the bundled font.
 */

/** fonts.conf with no font folder: libass gets the bundled fonts through fontsdir alone. */
export function fontconfigXml(cacheDir: string): string {
  const escaped = cacheDir.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0"?>\n<fontconfig><cachedir>${escaped}</cachedir></fontconfig>\n`;
}

let written: string | null | undefined;

/**
 * Path of the fonts.conf for ffmpeg children (FONTCONFIG_FILE), written once per process under the
 * system temp folder; null when it cannot be written there (ffmpeg then runs with the system's
 * setup, slower on its first subtitles but drawing the same). Processes writing it at once each
 * write a file of their own and rename it into place, so none reads half a file.
 */
export function ffmpegFontconfigFile(): string | null {
  if (written !== undefined) return written;
  const dir = join(tmpdir(), 'presenter-studio-fontconfig');
  const file = join(dir, 'fonts.conf');
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(join(dir, 'cache'), { recursive: true });
    writeFileSync(temp, fontconfigXml(join(dir, 'cache')));
    renameSync(temp, file);
    written = file;
  } catch {
    written = null;
  }
  return written;
}

/** The environment of ffmpeg and ffprobe children: this process's, with the fonts.conf above. */
export function ffmpegEnv(): NodeJS.ProcessEnv {
  const fontconfig = ffmpegFontconfigFile();
  return fontconfig ? { ...process.env, FONTCONFIG_FILE: fontconfig } : process.env;
}
