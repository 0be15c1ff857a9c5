import type { PresenterKeying } from '../../api/presenter.contract';
import type { TorsoPose } from '../../model/motion';
import type { MouthCue } from '../../model/speech';
import type { TimedWord } from '../../model/speech/subtitleCues';

/*
 * The render plan's types: one leaf module every render piece reads, so the planner and the
 * layers it calls (stickers, transitions, speaking, the own-presenter layer) never import each
 * other in a circle.
 */

/** A rectangle in export pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The presenter's sprite rig as files on disk (natural size and anchors from its manifest). */
export interface RigFiles {
  width: number;
  height: number;
  /** The still part: the whole figure, or the torso when the rig has a moving `head`. */
  body: string;
  blink: string;
  /** Eyes open, brows lifted (the motion's brow lifts), at the eyes box; the head track draws it. */
  brows?: string;
  mouths: Record<string, string>;
  mouth: Box;
  eyes: Box;
  /** A user's own picture with space around the person: the person's box (shotFraming frames it). */
  figure?: Box;
  /**
   * A layered rig (built-in presenters): the head drawn over the torso (`body`) at `box`, moved and
   * tilted about `pivot` by the motion timeline, with the mouth and the eyes riding on it.
   */
  head?: { file: string; box: Box; pivot: { x: number; y: number } };
  /**
   * The arms and hands as a part of their own (the motion's gestures move them): the torso without
   * arms and the arms alone per pose, on `body`'s canvas. A stretch with a gesture draws the bare
   * torso in the still and the arms as an overlay track (armsTrack.ts).
   */
  arms?: ArmFiles;
  /** The whole figure to the feet (人物全身): its still part and natural height; anchors as above. */
  whole?: { body: string; height: number; arms?: ArmFiles };
}

/** A rig's limb parts (files on disk): the bare torso, and the arms and the hands per torso pose. */
export interface ArmFiles {
  bare: string;
  pictures: Record<TorsoPose, string>;
  hands: Record<TorsoPose, string>;
}

/** One audio file of a page and what the mouth does while it plays. */
export interface PageAudio {
  file: string;
  /** Its length on the page: the sound's, rounded up to whole frames (planPages), padded with silence. */
  durationMs: number;
  mouth: MouthCue[];
  /** What is said (subtitles): the segment's or the page's narration text. */
  text?: string;
  /** Word times from TTS; empty for uploaded audio. */
  words?: TimedWord[];
  /** The segment's shot tag (1 normal, 2 PPT全屏, 3 人物全身, 4 人物半身); 1 when absent. */
  isScale?: number;
}

/**
 * A stretch of a page shown with one framing (consecutive segments of the same isScale), in whole
 * frames. A hidden slide or character is null; without a character there is no mouth or blink.
 */
export interface PagePart {
  isScale: number;
  startMs: number;
  durationMs: number;
  /** The crossfade into this part starts this long before startMs (transitions.ts); 0 or absent: a cut. */
  leadMs?: number;
  slide: Box | null;
  character: Box | null;
  /** 人物全身 with a rig drawn to the feet: the part draws the whole figure (partRig). */
  whole?: boolean;
}

/** A page video (spec 4 "Page video") as probed on disk. */
export interface PageVideoFile {
  file: string;
  durationMs: number;
  /** Natural width / height, for the letterbox inside the slide box. */
  aspect: number;
  /** The file has an audio stream. */
  hasAudio: boolean;
}

/**
 * The page video in the plan: shown at the slide box (letterboxed, as the preview), once from the
 * page start holding its last frame; its sound under the narration unless muted (isSound 2).
 */
export interface PlannedVideo extends PageVideoFile {
  box: Box;
  sound: boolean;
  /** Its frames scaled per box size (`<w>x<h>`, scaledVideo.ts), read instead of `file`; made by renderPage. */
  scaled?: Record<string, string>;
}

/** Everything needed to render one page, in export pixels and files on disk. */
export interface PagePlan {
  index: number;
  frame: { width: number; height: number };
  fps: number;
  durationMs: number;
  background: string | null;
  slide: { file: string; box: Box } | null;
  /** `own`: a user's presenter that moves by itself, drawn over a transparent stand-in rig. */
  character: {
    rig: RigFiles;
    box: Box;
    own?: OwnPresenterMotion;
    /** The side of the frame a pointing gesture points to (pointingSide of the page layout); right when absent. */
    pointTo?: 'left' | 'right';
  };
  /** Audio clips played one after another (the page's segments). */
  audio: PageAudio[];
  /** Burn in subtitles of the narration (document subtitle 1). */
  subtitles?: boolean;
  /** Shot-tag parts; absent when the whole page is in normal framing (the single-still graph). */
  parts?: PagePart[];
  /** The page video; absent for pages without one. */
  video?: PlannedVideo;
  /** Stickers and GIFs (stickers.ts); absent for pages without any. */
  stickers?: PlannedSticker[];
  /**
   * A stretch of a page rendered on its own (pageSegments.ts): the place of its first clip among
   * the page's (0 or absent: the page's start). Its times are on its own clock.
   */
  segment?: number;
  /**
   * Rendered without sound: with background music the whole video's soundtrack (soundtrack.ts,
   * narration and video sound included) replaces the pages' sound at the join, so encoding it per
   * page would be thrown away (issue 15: about 2 CPU s of the bench project).
   */
  silent?: boolean;
}

export const FPS = 25;

/** Resolves a path from the document to a file on disk, or throws a clear error. */
export type AssetResolver = (url: string) => string;

/**
 * A user's own presenter that moves by itself instead of by mouth sprites (我的数字人 kinds 2 and
 * 3). Its page graph is the sprite graph with a transparent stand-in rig, plus this layer drawn
 * over the presenter's box right after the (invisible) sprites, so stickers and subtitles still
 * land on top of it.
 */
export type OwnPresenterMotion =
  { kind: 2; video: string; keying: PresenterKeying | null } | { kind: 3; picture: string };

/** A texture file on disk, checked by content (GIF magic bytes), not by name. */
export interface StickerFile {
  file: string;
  gif: boolean;
}

/** A sticker in the page plan: its file, export box and the page time it appears at. */
export interface PlannedSticker extends StickerFile {
  box: Box;
  /** Page time it appears at; below 0 in a page's later segment: shown since before it (pageSegments.ts). */
  startMs: number;
  /** Drawn into the page still (whole page, static, clear of the animated sprites). */
  baked: boolean;
  /** A GIF's loop at its box's size (gifLoop.ts), read instead of the GIF; made by renderPage. */
  loop?: GifLoop;
}

/** One loop of a GIF as raw yuva420p frames at the sticker's box size, at `fps` (`1000/<step ms>`). */
export interface GifLoop {
  file: string;
  fps: string;
}

/** The files one page's ffmpeg command reads and writes (pageArgs). */
export interface PageFiles {
  /** The page still, or a still track of it (`.ffconcat`, armsOverStill: the still per arms pose). */
  still: string;
  mouthTrack: string;
  blinkTrack: string;
  /** A layered rig's head track (headTrack.ts), which then stands for the mouth and blink tracks. */
  headTrack?: string;
  audio: string[];
  /** The page's ASS script and the only folder its font may come from; null: no subtitles. */
  subtitles?: { assFile: string; fontsDir: string } | null;
  output: string;
  /** A page rendered as its segments at once: the frames where each segment after the first starts. */
  cutFrames?: number[];
  /** One still and mouth/blink track per shot part, when the plan has parts. */
  parts?: PartFiles[];
  /**
   * Pages with a video: the presenter body alone on a transparent frame, drawn over the video
   * (`still` then holds only the background).
   */
  front?: string;
  /** The presenter's arms while the page has a gesture (armsTrack.ts). */
  arms?: ArmsTrack;
  /**
   * The frames where the picture can change (changeFrames.ts), sorted from 0: a page without
   * shot parts, video or own presenter is then drawn on those frames only and held in between.
   */
  changeFrames?: number[];
}

/** An arms track: an ffconcat script of arms sprites, drawn at one corner (export px). */
export interface ArmsTrack {
  track: string;
  at: { x: number; y: number };
}

/** The files of one shot part: its composed still and its own mouth and blink tracks (part time). */
export interface PartFiles {
  still: string;
  mouthTrack: string;
  blinkTrack: string;
  /** A layered rig's head track in part time, as in PageFiles. */
  headTrack?: string;
  /** Pages with a video: the presenter body in this framing, drawn over the video (none when hidden). */
  front?: string;
  /** The arms in this framing while the part has a gesture, as in PageFiles. */
  arms?: ArmsTrack;
}
