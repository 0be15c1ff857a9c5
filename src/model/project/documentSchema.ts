import { z } from 'zod';
import { code, list, nested, num, str } from './fields';
import { pageSchema } from './pageSchema';

/** Bumped whenever a migration is added to migrateDocument.ts. */
export const CURRENT_SCHEMA_VERSION = 1;

/** The presenter and the chosen voice (spec 3 "Character"; the voice lives on the character). */
export const characterSchema = z.object({
  uuid: str(),
  /** Cover picture shown in lists. */
  icon: str(),
  /** Talking loop video, if the character has one. */
  video: str(),
  staticImg: str(),
  name: str(),
  type: num(1),
  /** Voice display name (show_name of the voice list). */
  voiceName: str(),
  /** Voice engine name (name of the voice list). */
  tonename: str(),
  voiceId: str(),
  /** 1 public voice (synchronous TTS), 2 private voice (task id polled every 5 s). */
  isPublic: code([1, 2], 1),
  X: num(333),
  Y: num(261),
  width: num(0),
  height: num(0),
  lipsVideo: str(),
});
export type Character = z.infer<typeof characterSchema>;

/** The background and the slide frame on it (spec 3 "Scene"). */
export const sceneSchema = z.object({
  uuid: str(),
  /** Background image path. */
  icon: str(),
  path: str(),
  name: str(),
  type: num(1),
  pptWidth: num(294),
  pptHeight: num(168),
  pptX: num(586),
  pptY: num(162),
  backWidth: num(0),
  backHeight: num(0),
});
export type Scene = z.infer<typeof sceneSchema>;

/** The slide deck: the PDF (uuid '' when none) and its pages (spec 3 "Ppt"). */
export const pptSchema = z.object({
  maxNum: num(0),
  name: str(),
  tts: str(),
  /** uuidStr of the chosen PDF; '' means the project has no PDF. */
  uuid: str(),
  pages: list(pageSchema),
  /** Total estimated length in minutes with 2 decimals. */
  totalFormattedTime: str('0.00'),
});
export type Ppt = z.infer<typeof pptSchema>;

/** The whole project content, stored as JSON text in userPro detail (spec 3 "userProjectInfo"). */
export const documentSchema = z.object({
  schemaVersion: num(CURRENT_SCHEMA_VERSION),
  uuid: str(),
  userid: str(),
  projectName: str(),
  name: str(),
  text: str(),
  /** Background music path ('' none): a 3 (audio) user resource, looped under the whole video. */
  bgMusic: str(),
  /** Background music loudness 0..1 while nobody speaks; ducked further under the narration. */
  bgMusicVolume: num(0.3),
  /** Final video path once synthesised. */
  path: str(),
  level: num(1),
  distinguishability: code([1, 2], 1),
  subtitle: code([1, 2], 2),
  /** Total length in seconds. */
  totalTime: num(0),
  soundSpeed: num(1),
  character: nested(characterSchema),
  scene: nested(sceneSchema),
  ppt: nested(pptSchema),
});
export type ProjectDocument = z.infer<typeof documentSchema>;
