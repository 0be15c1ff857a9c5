/**
 * Subtitle files from timed cues: SRT (every player and editor reads it) and ASS (keeps our look:
 * the bundled CJK font, white text with a dark outline, bottom centre, like the burned-in subtitles).
 */

/** A cue as the writers need it: times in ms and one line of text. */
export interface TimedCue {
  startMs: number;
  endMs: number;
  text: string;
}

const pad = (v: number, width = 2) => String(v).padStart(width, '0');

/** SRT time: HH:MM:SS,mmm. */
export function srtTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor(t / 60_000) % 60;
  const s = Math.floor(t / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)},${pad(t % 1000, 3)}`;
}

/** ASS time: H:MM:SS.cc (centiseconds, rounded down so a cue never starts late). */
export function assTime(ms: number): string {
  const cs = Math.max(0, Math.floor(ms / 10));
  const h = Math.floor(cs / 360_000);
  return `${h}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

/** One line of cue text: line breaks become spaces (a cue is one line, as on screen). */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** The SRT file of the cues (CRLF line ends, numbered from 1, empty cues left out). */
export function srtDocument(cues: readonly TimedCue[]): string {
  return cues
    .filter((c) => oneLine(c.text) !== '' && c.endMs > c.startMs)
    .map((c, i) => `${i + 1}\r\n${srtTime(c.startMs)} --> ${srtTime(c.endMs)}\r\n${oneLine(c.text)}\r\n`)
    .join('\r\n');
}

/** Look of an ASS file: font by name (the render's bundled font) on a frame of the given size. */
export interface AssLook {
  fontName: string;
  width: number;
  height: number;
  title?: string;
}

/** Cue text made literal for ASS: braces open override blocks and backslashes start \N, \h. */
function assText(text: string): string {
  return oneLine(text).replace(/\\/g, '＼').replace(/\{/g, '（').replace(/\}/g, '）');
}

/**
 * The ASS file of the cues: font size 5% of the frame height, outline and shadow scaled with it,
 * bottom margin 6% (landscape) or 9% (portrait), as the render draws its subtitles.
 */
export function assDocument(cues: readonly TimedCue[], look: AssLook): string {
  const { fontName, width, height } = look;
  const marginX = Math.round(width * 0.05);
  const size = Math.min(Math.round(height * 0.05), Math.floor((width - 2 * marginX) / 18));
  const outline = Math.round(size * 0.7) / 10;
  const shadow = Math.round(size * 0.4) / 10;
  const marginV = Math.round(height * (width >= height ? 0.06 : 0.09));
  return (
    [
      '[Script Info]',
      `Title: ${oneLine(look.title ?? '字幕').replace(/[\r\n]/g, ' ')}`,
      'ScriptType: v4.00+',
      `PlayResX: ${width}`,
      `PlayResY: ${height}`,
      'WrapStyle: 0',
      'ScaledBorderAndShadow: yes',
      '',
      '[V4+ Styles]',
      'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
      `Style: Default,${fontName},${size},&H00FFFFFF,&H00FFFFFF,&H00141414,&H78000000,0,0,0,0,100,100,0,0,1,${outline},${shadow},2,${marginX},${marginX},${marginV},1`,
      '',
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      ...cues
        .filter((c) => oneLine(c.text) !== '' && c.endMs > c.startMs)
        .map(
          (c) => `Dialogue: 0,${assTime(c.startMs)},${assTime(c.endMs)},Default,,0,0,0,,${assText(c.text)}`,
        ),
    ].join('\n') + '\n'
  );
}

/** The cue showing at time `ms` (index into `cues`), or -1 between cues. */
export function cueAt(cues: readonly TimedCue[], ms: number): number {
  let lo = 0;
  let hi = cues.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cues[mid].endMs <= ms) lo = mid + 1;
    else if (cues[mid].startMs > ms) hi = mid - 1;
    else return mid;
  }
  return -1;
}
