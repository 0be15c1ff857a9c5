/** Business constants of spec section 9 that more than one module needs. */

/** distinguishability: 1 landscape, 2 portrait (spec 3). */
export const LANDSCAPE = 1;
export const PORTRAIT = 2;
export type Orientation = typeof LANDSCAPE | typeof PORTRAIT;

/** subtitle: 1 on, 2 off (spec 3, 9). */
export const SUBTITLE_ON = 1;
export const SUBTITLE_OFF = 2;

/** istts: narration mode of a page (spec 4). */
export const VOICE_MODE = 1;
export const TEXT_MODE = 2;

/** isVideo: 1 has a video; 2 or 0 means none. We write 0 when a video is removed, as the spec does. */
export const HAS_VIDEO = 1;
export const NO_VIDEO = 0;

/** isSound: page video sound 1 on, 2 muted. */
export const SOUND_ON = 1;
export const SOUND_MUTED = 2;

/** isScale of a child segment (DESIGN.md "presenter"): how the shot is framed while it is spoken. */
export const SCALE_NORMAL = 1;
export const SCALE_PPT_FULL = 2;
export const SCALE_BODY_FULL = 3;
export const SCALE_BODY_HALF = 4;
export type IsScale = 1 | 2 | 3 | 4;

/** Shot tags of the 镜头 tab (spec 9: ids 11201 to 11204) and the framing each one switches to. */
export const SHOT_TAGS = [
  { id: 11201, label: 'PPT全屏', isScale: SCALE_PPT_FULL },
  { id: 11202, label: '人物全身', isScale: SCALE_BODY_FULL },
  { id: 11203, label: '人物半身', isScale: SCALE_BODY_HALF },
  { id: 11204, label: '恢复', isScale: SCALE_NORMAL },
] as const;
export type ShotTagId = (typeof SHOT_TAGS)[number]['id'];

/** Narration limits (spec 9). */
export const MAX_NARRATION_CHARS = 300;
export const MIN_NARRATION_CHARS = 1;
export const SECONDS_PER_CHAR = 0.14;

/** Default page duration (spec 9). */
export const DEFAULT_PAGE_DURATION = 1000;

/** Texture ids are the 4 characters after the @ sign of a sticker marker (spec 4 "Text divide"). */
export const TEXTURE_ID_LENGTH = 4;

/** Sticker upload defaults (spec 7, 9). */
export const STICKER_DURATION = 1.5;
export const STICKER_IS_GLOBAL = 2;

/** TTS request constants (spec 9). */
export const TTS_LANGUAGE = '中英混合';
export const TTS_PLATFORM = 1;

/** original flag of userPro/update: 1 draft, 2 final (spec 7). */
export const ORIGINAL_DRAFT = 1;
export const ORIGINAL_FINAL = 2;
