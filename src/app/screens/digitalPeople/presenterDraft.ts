import type { PresenterDraftForm } from '../../../api/presenter';
import {
  DEFAULT_KEY_COLOR,
  DEFAULT_KEY_SIMILARITY,
  PICTURE_MAX_BYTES,
  PICTURE_MAX_HEIGHT,
  PICTURE_MAX_WIDTH,
  PICTURE_MIN_SIDE,
  PRESENTER_MOUTH_SHAPES,
  RIG_CANVAS,
  RIG_MOUTH,
  SPRITE_MAX_BYTES,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_MS,
  presenterMessages,
  type PresenterKind,
  type PresenterRect,
} from '../../../api/presenter.contract';

/*
 * The 新建数字人 form as plain data: what each step needs before 下一步, and the multipart form it
 * becomes. The server checks everything again by content; these checks only spare a round trip.
 */

/** A rect as typed in the number fields. */
export type RectText = Record<keyof PresenterRect, string>;

export interface PresenterDraft {
  kind: PresenterKind;
  name: string;
  /** Files by form field: body, mouthA..mouthX, blink, video, picture. */
  files: Record<string, File>;
  mouth: RectText;
  eyes: RectText;
  keyEnabled: boolean;
  keyColor: string;
  keySimilarity: number;
}

/** The picture size limits, as the picture hints of the dialog name them. */
export const PICTURE_HINT_LIMITS = {
  min: PICTURE_MIN_SIDE,
  maxW: PICTURE_MAX_WIDTH,
  maxH: PICTURE_MAX_HEIGHT,
};

export const EMPTY_RECT: RectText = { x: '', y: '', width: '', height: '' };

export function newDraft(kind: PresenterKind = 1): PresenterDraft {
  return {
    kind,
    name: '',
    files: {},
    mouth: { ...EMPTY_RECT },
    eyes: { ...EMPTY_RECT },
    keyEnabled: false,
    keyColor: DEFAULT_KEY_COLOR,
    keySimilarity: DEFAULT_KEY_SIMILARITY,
  };
}

/** The template's mouth box scaled to a body of this size: a sensible start for the anchor. */
export function defaultMouthRect(body: { width: number; height: number }): RectText {
  const sx = body.width / RIG_CANVAS.width;
  const sy = body.height / RIG_CANVAS.height;
  return {
    x: String(Math.round(RIG_MOUTH.x * sx)),
    y: String(Math.round(RIG_MOUTH.y * sy)),
    width: String(Math.max(8, Math.round(RIG_MOUTH.width * sx))),
    height: String(Math.max(8, Math.round(RIG_MOUTH.height * sy))),
  };
}

/** A typed rect as numbers, or null when a field is not a whole number. */
export function rectNumbers(r: RectText): PresenterRect | null {
  const n = (v: string) => (/^\d{1,5}$/.test(v.trim()) ? Number(v) : NaN);
  const rect = { x: n(r.x), y: n(r.y), width: n(r.width), height: n(r.height) };
  return Object.values(rect).every(Number.isFinite) ? rect : null;
}

const isEmptyRect = (r: RectText) => Object.values(r).every((v) => v.trim() === '');

/** True when the rect lies inside the body and has the server's limits. */
function rectInside(
  r: PresenterRect | null,
  body: { width: number; height: number },
  maxW: number,
  minH: number,
) {
  return (
    !!r &&
    r.width >= 8 &&
    r.width <= maxW &&
    r.height >= minH &&
    r.x + r.width <= body.width &&
    r.y + r.height <= body.height
  );
}

/** The first reason the files step cannot go on, or null. `body` is the body picture's size. */
export function filesProblem(
  d: PresenterDraft,
  body: { width: number; height: number } | null,
  videoMs: number | null,
): string | null {
  if (d.kind === 1) {
    if (!d.files.body) return presenterMessages.bodyRequired;
    if (body && !pictureSizeOk(body)) return presenterMessages.bodySize;
    if (!d.files.mouthX) return presenterMessages.mouthXRequired;
    if (body && !rectInside(rectNumbers(d.mouth), body, 600, 8)) return presenterMessages.mouthRect;
    const eyesGiven = !isEmptyRect(d.eyes);
    if ((eyesGiven || d.files.blink) && body && !rectInside(rectNumbers(d.eyes), body, 800, 4)) {
      return presenterMessages.eyesRect;
    }
    return null;
  }
  if (d.kind === 2) {
    if (!d.files.video) return presenterMessages.videoRequired;
    if (videoMs !== null && videoMs > VIDEO_MAX_MS + 40) return presenterMessages.videoTooLong;
    return null;
  }
  if (!d.files.picture) return presenterMessages.pictureRequired;
  if (body && !pictureSizeOk(body)) return presenterMessages.bodySize;
  return null;
}

function pictureSizeOk(s: { width: number; height: number }) {
  return (
    s.width >= PICTURE_MIN_SIDE &&
    s.height >= PICTURE_MIN_SIDE &&
    s.width <= PICTURE_MAX_WIDTH &&
    s.height <= PICTURE_MAX_HEIGHT
  );
}

/** The largest size of a file field, like the server's. */
export function maxBytesOf(field: string): number {
  if (field === 'video') return VIDEO_MAX_BYTES;
  if (field === 'body' || field === 'picture') return PICTURE_MAX_BYTES;
  return SPRITE_MAX_BYTES;
}

/** The files the chosen kind sends (files picked for another kind stay behind). */
function filesOfKind(d: PresenterDraft): Record<string, File> {
  const fields =
    d.kind === 1
      ? ['body', 'blink', ...PRESENTER_MOUTH_SHAPES.map((s) => `mouth${s}`)]
      : d.kind === 2
        ? ['video']
        : ['picture'];
  return Object.fromEntries(fields.filter((f) => d.files[f]).map((f) => [f, d.files[f]]));
}

/** A rect as the server's form fields (mouthLeft, mouthTop, mouthWidth, mouthHeight). */
function rectFields(prefix: 'mouth' | 'eyes', r: RectText): Record<string, string> {
  return {
    [`${prefix}Left`]: r.x.trim(),
    [`${prefix}Top`]: r.y.trim(),
    [`${prefix}Width`]: r.width.trim(),
    [`${prefix}Height`]: r.height.trim(),
  };
}

/** The multipart form of the draft. */
export function draftForm(d: PresenterDraft): PresenterDraftForm {
  const fields: Record<string, string> = {};
  if (d.kind === 1) {
    Object.assign(fields, rectFields('mouth', d.mouth));
    if (!isEmptyRect(d.eyes)) Object.assign(fields, rectFields('eyes', d.eyes));
  }
  if (d.kind === 2) {
    fields.keyEnabled = d.keyEnabled ? '1' : '0';
    fields.keyColor = d.keyColor;
    fields.keySimilarity = String(d.keySimilarity);
  }
  return { name: d.name.trim(), kind: d.kind, fields, files: filesOfKind(d) };
}
