/*
 * Names of uploaded files as a page shows them (a material's or a sticker's name, a page audio's
 * label). Browsers send the bare name, older ones on Windows the whole path.
 */

/** `text` cut to at most `max` characters (whole characters, not UTF-16 halves). */
export function clipped(text: string, max: number): string {
  return [...text].slice(0, max).join('');
}

/** The last part of a client's file name, trimmed: `C:\\音频\\讲解.mp3` → `讲解.mp3`. */
export function shownFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').trim();
}

/** The shown file name without its extension: `讲解.mp3` → `讲解`. */
export function fileStem(name: string): string {
  return shownFileName(name)
    .replace(/\.[^.]*$/, '')
    .trim();
}
