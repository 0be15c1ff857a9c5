import { presenterMessages } from '../../../src/api/presenter.contract';
import type { FormFile } from './presenterCalls';
import { solidImage, talkingVideo, type Rgb } from './presenterFixtures';

/*
 * The 我的数字人 forms the server must refuse, each with the message it must answer: a table of
 * cases for presenters.test.ts (names, kinds, files checked by content, anchors, sizes, keying).
 */

const BLUE: Rgb = [40, 80, 200];
/** The mouth and eyes anchors of a valid 400x700 body. */
export const MOUTH = { mouthLeft: '140', mouthTop: '200', mouthWidth: '120', mouthHeight: '80' };
export const EYES = { eyesLeft: '130', eyesTop: '140', eyesWidth: '140', eyesHeight: '40' };

/** Refused forms: fields, files and the message, built from the test's valid art. */
export async function badPresenterForms(art: {
  body: Buffer;
  blink: Buffer;
  greenVideo: Buffer;
  /** A valid body with its mouth sprites (body, mouthX, mouthA, mouthC). */
  sprites: FormFile[];
}): Promise<[Record<string, string>, FormFile[], string][]> {
  const { body, blink, greenVideo, sprites } = art;
  const jpegNamedPng = await solidImage(400, 700, BLUE, 'jpeg');
  return [
    [{ name: '  ', kind: '1', ...MOUTH }, sprites, presenterMessages.nameRequired],
    [{ kind: '3' }, [], presenterMessages.nameRequired],
    [{ name: '一二三四五六七八九十一二三四五六七八九十一', kind: '3' }, [], presenterMessages.nameTooLong],
    [{ name: '甲', kind: '4' }, [], presenterMessages.kindRequired],
    // A JPEG with a .png name, a PNG named .mp4, text named .png: checked by content.
    [
      { name: '甲', kind: '1', ...MOUTH },
      [{ field: 'body', filename: 'body.png', content: jpegNamedPng }, ...sprites.slice(1)],
      presenterMessages.bodyType,
    ],
    [
      { name: '甲', kind: '2' },
      [{ field: 'video', filename: 'talk.mp4', content: body }],
      presenterMessages.videoType,
    ],
    [
      { name: '甲', kind: '3' },
      [{ field: 'picture', filename: 'me.png', content: Buffer.from('not a picture at all') }],
      presenterMessages.pictureType,
    ],
    [
      { name: '甲', kind: '1', ...MOUTH },
      [...sprites, { field: 'mouthB', filename: 'b.png', content: jpegNamedPng }],
      presenterMessages.mouthType,
    ],
    [
      { name: '甲', kind: '1', ...MOUTH },
      sprites.filter((f) => f.field !== 'mouthX'),
      presenterMessages.mouthXRequired,
    ],
    [{ name: '甲', kind: '1', ...MOUTH, mouthLeft: '300' }, sprites, presenterMessages.mouthRect],
    [{ name: '甲', kind: '1', ...MOUTH, mouthHeight: '' }, sprites, presenterMessages.mouthRect],
    [{ name: '甲', kind: '1', ...MOUTH, ...EYES, eyesTop: '680' }, sprites, presenterMessages.eyesRect],
    [
      { name: '甲', kind: '1', ...MOUTH },
      [...sprites, { field: 'blink', filename: 'blink.png', content: blink }],
      presenterMessages.eyesRect,
    ],
    [
      { name: '甲', kind: '1', ...MOUTH },
      [
        { field: 'body', filename: 'body.png', content: await solidImage(150, 700, BLUE) },
        ...sprites.slice(1),
      ],
      presenterMessages.bodySize,
    ],
    [
      { name: '甲', kind: '2', keyEnabled: '1', keyColor: 'green' },
      [{ field: 'video', filename: 'talk.mp4', content: greenVideo }],
      presenterMessages.keyColor,
    ],
    [
      { name: '甲', kind: '2' },
      [{ field: 'video', filename: 'talk.avi', content: greenVideo }],
      presenterMessages.videoType,
    ],
    [
      { name: '甲', kind: '2' },
      [
        {
          field: 'video',
          filename: 'talk.mp4',
          content: talkingVideo({ seconds: 61, width: 64, height: 64 }),
        },
      ],
      presenterMessages.videoTooLong,
    ],
    [{ name: '甲', kind: '2' }, [], presenterMessages.videoRequired],
    [
      { name: '甲', kind: '3' },
      [{ field: 'avatar', filename: 'a.png', content: body }],
      presenterMessages.unknownFile,
    ],
  ];
}
