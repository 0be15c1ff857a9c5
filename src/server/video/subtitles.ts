import type { Cue } from '../../model/speech/subtitleCues';
import type { SubtitleStyle } from '../../model/speech/subtitleStyle';

export { subtitleStyle, type SubtitleStyle } from '../../model/speech/subtitleStyle';

/** ASS time: H:MM:SS.cc (centiseconds, rounded down so a cue never starts late). */
export function assTime(ms: number): string {
  const cs = Math.max(0, Math.floor(ms / 10));
  const h = Math.floor(cs / 360000);
  const m = Math.floor(cs / 6000) % 60;
  const s = Math.floor(cs / 100) % 60;
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${h}:${pad(m)}:${pad(s)}.${pad(cs % 100)}`;
}

/** Cue text made literal for ASS: braces open override blocks and backslashes start \N, \h. */
function assText(text: string): string {
  return text.replace(/\\/g, '＼').replace(/\{/g, '（').replace(/\}/g, '）');
}

/**
 * The ASS script of a page: white text, dark outline, a soft half-transparent shadow, bottom
 * centre. WrapStyle 0 lets libass wrap a long Latin line onto a second line on narrow frames.
 */
export function assDocument(
  cues: Cue[],
  frame: { width: number; height: number },
  style: SubtitleStyle,
): string {
  const { fontName, fontSize, outline, shadow, marginX, marginBottom } = style;
  return (
    [
      '[Script Info]',
      'ScriptType: v4.00+',
      `PlayResX: ${frame.width}`,
      `PlayResY: ${frame.height}`,
      'WrapStyle: 0',
      'ScaledBorderAndShadow: yes',
      '',
      '[V4+ Styles]',
      'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
      `Style: Default,${fontName},${fontSize},&H00FFFFFF,&H00FFFFFF,&H00141414,&H78000000,0,0,0,0,100,100,0,0,1,${outline},${shadow},2,${marginX},${marginX},${marginBottom},1`,
      '',
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      ...cues.map(
        (c) =>
          `Dialogue: 0,${assTime(c.startMs)},${assTime(c.endMs)},Default,,0,0,0,,{\\blur1}${assText(c.text)}`,
      ),
    ].join('\n') + '\n'
  );
}

/**
 * A value made safe inside a filter graph: first for the filter's option parser (\ ' :), then for
 * the graph parser (\ ' [ ] , ;), so any file name survives both levels of unescaping.
 */
export function escapeFilterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/** The `subtitles` filter burning in an ASS file with fonts only from `fontsDir`. */
export function subtitlesFilter(assFile: string, fontsDir: string): string {
  return `subtitles=filename=${escapeFilterValue(assFile)}:fontsdir=${escapeFilterValue(fontsDir)}`;
}
