/** Subtitle look for a frame size, in frame pixels (the ASS script's PlayRes is the frame). */
export interface SubtitleStyle {
  fontName: string;
  fontSize: number;
  outline: number;
  shadow: number;
  marginX: number;
  marginBottom: number;
}

/**
 * The style for a frame: 5% of the frame height, but never so large that 18 Chinese characters
 * overflow the safe width (portrait 928 px wide: 46 px); bottom margin 6% of the height on
 * landscape, 9% on portrait (phone players put their controls there).
 */
export function subtitleStyle(frame: { width: number; height: number }, fontName: string): SubtitleStyle {
  const marginX = Math.round(frame.width * 0.05);
  const fontSize = Math.min(Math.round(frame.height * 0.05), Math.floor((frame.width - 2 * marginX) / 18));
  return {
    fontName,
    fontSize,
    outline: round1(fontSize * 0.07),
    shadow: round1(fontSize * 0.04),
    marginX,
    marginBottom: Math.round(frame.height * (frame.width >= frame.height ? 0.06 : 0.09)),
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
