import { z } from 'zod';
import { code, list, num, str } from './fields';
import { DEFAULT_PAGE_DURATION, SOUND_ON, TEXT_MODE } from './constants';

/** A sticker or GIF placed on a page (spec 3 "Texture on a page"), in preview coordinates. */
export const textureSchema = z.object({
  /** Library id of the sticker: the 4 characters after @ in its narration marker. */
  textureId: str(),
  path: str(),
  x: num(0),
  y: num(0),
  width: num(100),
  height: num(100),
  /** 1-based child segment at whose start the sticker appears (childList.length + 1: after the last). */
  position: num(0),
  /** Instance id, shared with the marker, so one sticker used twice keeps two positions. */
  id: str(),
});
export type Texture = z.infer<typeof textureSchema>;

/** One narration segment between markers (spec 3 "Child segment"). */
export const childSchema = z.object({
  ttsText: str(),
  /** Audio path once synthesised, a task id while a private voice works, '' before. */
  tts: str(),
  mouthVideo: str(),
  isScale: code([1, 2, 3, 4], 1),
  index: num(1),
});
export type ChildSegment = z.infer<typeof childSchema>;

/** A shot tag found in the narration (page.dome), `offset` into page.text. */
export const shotMarkSchema = z.object({
  tagId: code([11201, 11202, 11203, 11204], 11204),
  offset: num(0),
});
export type ShotMark = z.infer<typeof shotMarkSchema>;

/** A sticker or GIF marker found in the narration (page.gifdome), `offset` into page.text. */
export const stickerMarkSchema = z.object({
  textureId: str(),
  kind: z.enum(['png', 'gif']).catch('png'),
  id: str(),
  path: str(),
  offset: num(0),
});
export type StickerMark = z.infer<typeof stickerMarkSchema>;

/** One page of the project (spec 3 "Page"). */
export const pageSchema = z.object({
  /** 1-based position, always renumbered by the page commands. */
  index: num(1),
  img: str(),
  icon: str(),
  video: str(),
  videoid: str(),
  isSound: code([1, 2], SOUND_ON),
  isVideo: code([0, 1, 2], 0),
  istts: code([1, 2], TEXT_MODE),
  /** Plain narration (what is spoken). */
  text: str(),
  /** Rich narration HTML with markers (see narrationMarkers.ts); sanitised before it is shown. */
  textdome: str(),
  dome: list(shotMarkSchema),
  gifdome: list(stickerMarkSchema),
  /** Page audio path (or a private voice's task id while it works). */
  tts: str(),
  duration: num(DEFAULT_PAGE_DURATION),
  /** Audio length in seconds, 0 until known. */
  soundTime: num(0),
  /** Page length in seconds as text, for the synthesis list. */
  formattedTime: str('0'),
  switchType: str(),
  enlargeStartTime: num(0),
  enlargeEndTime: num(0),
  pageMouthVideo: str(),
  textureList: list(textureSchema),
  childList: list(childSchema),
  /** Label shown in the page strip; duplicatePage sets it with the copy suffix. Not spoken. */
  name: str(),
});
export type Page = z.infer<typeof pageSchema>;
