import { Code } from '../../api/envelope';
import {
  KEY_BLEND,
  PICTURE_MAX_HEIGHT,
  PICTURE_MAX_WIDTH,
  PICTURE_MIN_SIDE,
  PRESENTER_MOUTH_SHAPES,
  PRESENTER_STATUS,
  VIDEO_MAX_MS,
  VIDEO_MIN_MS,
  keyFields,
  presenterMessages,
  spriteRigFields,
  type PresenterKeying,
  type PresenterRect,
} from '../../api/presenter.contract';
import { moveScratch } from '../adapters/files';
import { requireImage } from './uploadedImage';
import { probe } from '../adapters/media/ffmpeg';
import { loopSize, writePoster } from '../adapters/media/presenterVideo';
import {
  figureBounds,
  writeIcon,
  writeJpeg,
  writeRgbaPng,
  writeSprite,
  writeStatic,
  writeTransparent,
} from '../adapters/presenterImages';
import { ApiError, parse } from '../http/envelope';
import type { ReceivedPart, ReceivedParts } from '../http/receiveParts';

/*
 * 我的数字人 uploads, one function per kind: each checks its files by content and writes the
 * files the stage and the render read into `out(name)` (a temp folder the service moves into place
 * only when everything succeeded), and answers what the presenter row stores.
 */

/** Kind 1's stored rig: rects in body pixels, the shapes that were uploaded, whether a blink was. */
export interface StoredRig {
  mouth: PresenterRect;
  eyes: PresenterRect;
  shapes: string[];
  hasBlink: boolean;
  /**
   * The person's opaque box in body pixels (figureBounds); null when the body is opaque. Absent in
   * presenters made before it was measured, until their first read (presenterFigures.ts).
   */
  figure?: PresenterRect | null;
}

/** Kind 3's stored rig: which file holds the picture. */
export interface StoredPicture {
  file: 'picture.png' | 'picture.jpg';
  /** As StoredRig's figure (a PNG with space around the person). */
  figure?: PresenterRect | null;
}

/** Where a kind-1 presenter without an eyes rect keeps its (transparent) blink. */
const NO_EYES: PresenterRect = { x: 0, y: 0, width: 8, height: 4 };
export const NO_RECT: PresenterRect = { x: 0, y: 0, width: 0, height: 0 };
/** The transparent image of kinds 2 and 3's stand-in rig, and where its sprites sit. */
export const BLANK = 'blank.png';
export const BLANK_RECT: PresenterRect = { x: 0, y: 0, width: 8, height: 8 };
const VIDEO_NAME = /\.(mp4|webm|mov)$/i;
/** The upload kept beside a kind-2 presenter until its loop is encoded. */
export const SOURCE_VIDEO = 'source.video';
/** ffprobe's format names of MP4/MOV and of WebM. */
const VIDEO_FORMATS = /^(mov,mp4,m4a,3gp,3g2,mj2|matroska,webm)$/;
const { processing: STATUS_PROCESSING, ready: STATUS_READY } = PRESENTER_STATUS;

export async function processSprites(form: ReceivedParts, out: (file: string) => string) {
  const body = await checkedImage(
    form.files.body,
    ['png'],
    presenterMessages.bodyRequired,
    presenterMessages.bodyType,
  );
  const size = checkedSize(body.info);
  const rects = parse(spriteRigFields, form.fields);
  if (!inside(rects.mouth, size)) throw new ApiError(Code.badRequest, presenterMessages.mouthRect);
  if (rects.eyes && !inside(rects.eyes, size))
    throw new ApiError(Code.badRequest, presenterMessages.eyesRect);
  if (form.files.blink?.size && !rects.eyes) throw new ApiError(Code.badRequest, presenterMessages.eyesRect);
  if (!form.files.mouthX?.size) throw new ApiError(Code.badRequest, presenterMessages.mouthXRequired);

  await writeRgbaPng(body.part.tempFile, out('body.png'));
  const shapes: string[] = [];
  for (const shape of PRESENTER_MOUTH_SHAPES) {
    const part = form.files[`mouth${shape}`];
    if (!part?.size) continue;
    const sprite = await checkedImage(
      part,
      ['png'],
      presenterMessages.mouthType,
      presenterMessages.mouthType,
    );
    await writeSprite(sprite.part.tempFile, out(`mouth-${shape}.png`), rects.mouth);
    shapes.push(shape);
  }
  const eyes = rects.eyes ?? NO_EYES;
  const blink = form.files.blink?.size ? form.files.blink : null;
  if (blink) {
    const checked = await checkedImage(
      blink,
      ['png'],
      presenterMessages.blinkType,
      presenterMessages.blinkType,
    );
    await writeSprite(checked.part.tempFile, out('blink.png'), eyes);
  } else {
    await writeTransparent(out('blink.png'), eyes);
  }
  await writeStatic(out('body.png'), out('mouth-X.png'), rects.mouth, out('static.png'));
  await writeIcon(out('static.png'), out('icon.png'), rects.mouth);
  const figure = await figureBounds(out('body.png'));
  const rig: StoredRig = {
    mouth: rects.mouth,
    eyes,
    shapes,
    hasBlink: !!blink,
    figure,
  };
  return { status: STATUS_READY, width: size.width, height: size.height, rig, keying: null, durationMs: 0 };
}

export async function processVideo(form: ReceivedParts, out: (file: string) => string) {
  const part = form.files.video;
  if (!part?.size) throw new ApiError(Code.badRequest, presenterMessages.videoRequired);
  const settings = parse(keyFields, form.fields);
  if (!VIDEO_NAME.test(part.filename)) throw new ApiError(Code.badRequest, presenterMessages.videoType);
  const info = await probe(part.tempFile).catch(() => {
    throw new ApiError(Code.badRequest, presenterMessages.videoType);
  });
  const video = info.streams.find((s) => s.type === 'video' && (s.width ?? 0) > 0);
  if (!VIDEO_FORMATS.test(info.formatName) || !video) {
    throw new ApiError(Code.badRequest, presenterMessages.videoType);
  }
  if (info.durationMs > VIDEO_MAX_MS + 40)
    throw new ApiError(Code.badRequest, presenterMessages.videoTooLong);
  if (!(info.durationMs >= VIDEO_MIN_MS))
    throw new ApiError(Code.badRequest, presenterMessages.videoTooShort);
  const keying: PresenterKeying | null = settings.keyEnabled
    ? { color: settings.keyColor, similarity: settings.keySimilarity, blend: KEY_BLEND }
    : null;
  // The poster now (the card shows it at once); the loop is encoded in the background, since a
  // 60 s 1080p upload takes about as long to re-encode.
  try {
    await writePoster(part.tempFile, out('poster.png'), keying);
  } catch {
    throw new ApiError(Code.badRequest, presenterMessages.videoUnreadable);
  }
  await writeIcon(out('poster.png'), out('icon.png'));
  await writeTransparent(out(BLANK), BLANK_RECT);
  await moveScratch(part.tempFile, out(SOURCE_VIDEO));
  const size = loopSize(video.width ?? 0, video.height ?? 0);
  return { status: STATUS_PROCESSING, ...size, rig: null, keying, durationMs: info.durationMs };
}

export async function processPicture(form: ReceivedParts, out: (file: string) => string) {
  const picture = await checkedImage(
    form.files.picture,
    ['png', 'jpeg'],
    presenterMessages.pictureRequired,
    presenterMessages.pictureType,
  );
  const { width, height, format } = checkedSize(picture.info);
  const name: StoredPicture['file'] = format === 'png' ? 'picture.png' : 'picture.jpg';
  if (format === 'png') await writeRgbaPng(picture.part.tempFile, out(name));
  else await writeJpeg(picture.part.tempFile, out(name));
  await writeIcon(out(name), out('icon.png'));
  await writeTransparent(out(BLANK), BLANK_RECT);
  const figure = format === 'png' ? await figureBounds(out(name)) : null;
  const rig: StoredPicture = { file: name, figure };
  return { status: STATUS_READY, width, height, rig, keying: null, durationMs: 0 };
}

/** A picture (body or single picture) within the sizes a presenter may have. */
function checkedSize<T extends { width: number; height: number }>(size: T): T {
  const { width, height } = size;
  if (
    width < PICTURE_MIN_SIDE ||
    height < PICTURE_MIN_SIDE ||
    width > PICTURE_MAX_WIDTH ||
    height > PICTURE_MAX_HEIGHT
  ) {
    throw new ApiError(Code.badRequest, presenterMessages.bodySize);
  }
  return size;
}

const inside = (r: PresenterRect, size: { width: number; height: number }) =>
  r.x + r.width <= size.width && r.y + r.height <= size.height;

/** An uploaded image checked by content: one of `formats`, else the refusal message. */
async function checkedImage(
  part: ReceivedPart | undefined,
  formats: string[],
  missing: string,
  wrongType: string,
) {
  if (!part?.size) throw new ApiError(Code.badRequest, missing);
  const info = await requireImage(part.tempFile, wrongType);
  if (!formats.includes(info.format)) throw new ApiError(Code.badRequest, wrongType);
  return { part, info };
}
