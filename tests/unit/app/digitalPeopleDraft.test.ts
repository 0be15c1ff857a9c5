import { describe, expect, it } from 'vitest';
import { presenterMessages } from '../../../src/api/presenter.contract';
import { chromaKeyPixels, parseHexColor } from '../../../src/render/chromaKey';
import {
  defaultMouthRect,
  draftForm,
  filesProblem,
  newDraft,
} from '../../../src/app/screens/digitalPeople/presenterDraft';

const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name);

describe('新建数字人 draft', () => {
  const body = { width: 400, height: 700 };

  it('starts the mouth anchor at the template box scaled to the body', () => {
    expect(defaultMouthRect(body)).toEqual({ x: '170', y: '196', width: '60', height: '40' });
    expect(defaultMouthRect({ width: 800, height: 1400 })).toEqual({
      x: '340',
      y: '392',
      width: '120',
      height: '80',
    });
  });

  it('names what the files step still needs, per kind', () => {
    const d = newDraft(1);
    expect(filesProblem(d, null, null)).toBe(presenterMessages.bodyRequired);
    d.files.body = file('b.png');
    expect(filesProblem(d, body, null)).toBe(presenterMessages.mouthXRequired);
    d.files.mouthX = file('x.png');
    d.mouth = { x: '350', y: '10', width: '120', height: '80' };
    expect(filesProblem(d, body, null)).toBe(presenterMessages.mouthRect);
    d.mouth = { x: '140', y: '350', width: '120', height: '80' };
    expect(filesProblem(d, body, null)).toBeNull();
    d.files.blink = file('blink.png');
    expect(filesProblem(d, body, null)).toBe(presenterMessages.eyesRect);
    expect(filesProblem(d, { width: 150, height: 700 }, null)).toBe(presenterMessages.bodySize);

    const v = newDraft(2);
    expect(filesProblem(v, null, null)).toBe(presenterMessages.videoRequired);
    v.files.video = file('t.mp4');
    expect(filesProblem(v, null, 61_000)).toBe(presenterMessages.videoTooLong);
    expect(filesProblem(v, null, 3000)).toBeNull();
    expect(filesProblem(newDraft(3), null, null)).toBe(presenterMessages.pictureRequired);
  });

  it('sends the fields and files of the chosen kind only', () => {
    const d = newDraft(1);
    d.name = ' 小蓝 ';
    d.files = { body: file('b.png'), mouthX: file('x.png'), video: file('v.mp4') };
    d.mouth = { x: '140', y: '350', width: '120', height: '80' };
    const form = draftForm(d);
    expect(form.name).toBe('小蓝');
    expect(form.fields).toEqual({ mouthLeft: '140', mouthTop: '350', mouthWidth: '120', mouthHeight: '80' });
    expect(Object.keys(form.files).sort()).toEqual(['body', 'mouthX']);
    const v = draftForm({ ...d, kind: 2, keyEnabled: true });
    expect(v.fields).toEqual({ keyEnabled: '1', keyColor: '#00FF00', keySimilarity: '0.3' });
    expect(Object.keys(v.files)).toEqual(['video']);
  });
});

describe('green-screen key in the browser', () => {
  it('makes the key colour transparent and keeps other colours', () => {
    const px = new Uint8ClampedArray([
      0, 255, 0, 255, 20, 230, 30, 255, 220, 30, 30, 255, 250, 210, 180, 255,
    ]);
    chromaKeyPixels(px, { color: '#00FF00', similarity: 0.3, blend: 0.08 });
    expect([px[3], px[7], px[11], px[15]]).toEqual([0, 0, 255, 255]);
    expect(parseHexColor('#3050a0')).toEqual([48, 80, 160]);
    expect(parseHexColor('green')).toEqual([0, 255, 0]);
  });
});
