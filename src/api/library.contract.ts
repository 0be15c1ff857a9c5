import { z } from 'zod';
import { defineEndpoint, envelopeOf } from './endpoint';

const paging = {
  pageIndex: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
};

/** POST /virtual/v1/virtual/list: presenters the user may use (only status 1). */
export const characterListRequest = z.object({
  ...paging,
  isPublic: z.coerce.number<number>().int().default(1),
  status: z.coerce.number<number>().int().default(1),
});
export const characterListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/virtual/list',
  request: characterListRequest,
  response: envelopeOf<PageOf<CharacterItem>>(),
});
/** A presenter: a body image plus mouth sprites anchored at a mouth point (DESIGN.md). */
export interface CharacterItem {
  id: string;
  name: string;
  static_img: string;
  icon: string;
  /** 1 usable. */
  status: number;
  isPublic: number;
  type: number;
  /** Talking loop video, '' for sprite presenters. */
  video: string;
  /** The suggested voice id. */
  timbreInfo: string;
  sex: number;
  style: string;
  width: number;
  height: number;
  /** Sprite rig for the stage and the render. */
  rig: {
    body: string;
    blink: string;
    /** Eyes open, brows lifted (built-in presenters): shown over the eyes box during a brow lift. */
    brows?: string;
    mouths: Record<string, string>;
    mouth: { x: number; y: number; width: number; height: number };
    eyes: { x: number; y: number; width: number; height: number };
    /**
     * A user's own picture with space around the person: the person's opaque box in the art's
     * pixels, which 人物全身 and 人物半身 frame (shotFraming); absent when the art is the figure.
     */
    figure?: { x: number; y: number; width: number; height: number };
    /** A layered rig (built-in presenters): torso and head drawn apart so the head can move. */
    parts?: {
      torso: string;
      head: string;
      headBox: { x: number; y: number; width: number; height: number };
      pivot: { x: number; y: number };
      /** The arms and the hands as parts of their own, so the motion's gestures can move them. */
      arms?: ArmParts;
      /** The whole figure to the feet (人物全身): same anchors, a taller canvas. */
      full?: { body: string; torso: string; height: number; arms?: ArmParts };
    };
  };
  /** A user's own presenter (presenter.contract.ts): 1 sprites, 2 talking video, 3 single picture. */
  kind?: 1 | 2 | 3;
  /** Kind 2 green-screen keying, null when the video is shown as is. */
  keying?: { color: string; similarity: number; blend: number } | null;
  /** A user's own presenter that failed processing (status 2): the reason. */
  statusMessage?: string;
}

/**
 * A layered rig's body in parts on the torso's canvas: the torso without arms (`bare`), the arms
 * alone (`pictures`) and the hands alone (`hands`), at rest and in each hand gesture (open palm,
 * pointing to the frame's left or right). The bare torso with the rest arms and hands over it is
 * the torso picture.
 */
export interface ArmParts {
  bare: string;
  pictures: Record<'rest' | 'palm' | 'pointLeft' | 'pointRight', string>;
  hands: Record<'rest' | 'palm' | 'pointLeft' | 'pointRight', string>;
}

/** POST /virtual/v1/scene/list: backgrounds of one orientation (sizeType 1 landscape, 2 portrait). */
export const sceneListRequest = z.object({ ...paging, sizeType: z.coerce.number<number>().int().default(1) });
export const sceneListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/scene/list',
  request: sceneListRequest,
  response: envelopeOf<PageOf<SceneItem>>(),
});
export interface SceneItem {
  id: string;
  name: string;
  path: string;
  thumb: string;
  sizeType: number;
  width: number;
  height: number;
  /** Set for a user's own (custom) scene, which only that user may delete. */
  userId: number | null;
}

/** POST /notice/v1/timbre/list: voices (isPublic 1 public, 2 private; sex 1 male, other female). */
export const voiceListRequest = z.object({
  ...paging,
  pageSize: z.coerce.number<number>().int().min(1).max(100).default(50),
  isPublic: z.coerce.number<number>().int().default(1),
  sex: z.coerce.number<number>().int().optional(),
  platform: z.coerce.number<number>().int().default(1),
});
export const voiceListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/notice/v1/timbre/list',
  request: voiceListRequest,
  response: envelopeOf<PageOf<VoiceItem>>(),
});
export interface VoiceItem {
  id: string;
  show_name: string;
  name: string;
  sex: number;
  isPublic: number;
  /** 4 ready (private voices are listed only when ready). */
  pthStatus: number;
  lang: string;
  /** Measured seconds per character of Chinese narration (built-in voices), for estimates. */
  secondsPerChar?: number;
}

export interface PageOf<T> {
  list: T[];
  count: number;
  pageIndex: number;
  pageSize: number;
}
