import { describe, expect, it } from 'vitest';
import {
  decodeGifFrames,
  frameAt,
  gifDelays,
  playedDelay,
  totalDurationMs,
} from '../../../src/model/gifFrames';
import { BLUE, fill, gif, GREEN, RED } from '../../helpers/gifBytes';

/*
 * The GIF decoder the stage and the render share, on GIFs written byte by byte (helpers/gifBytes.ts),
 * so what each frame must look like is known exactly: offsets, delays, transparency, disposals.
 */

/** The RGBA of pixel (x, y) of a decoded frame. */
function at(frame: { rgba: Uint8ClampedArray }, width: number, x: number, y: number): number[] {
  const i = (y * width + x) * 4;
  return [...frame.rgba.slice(i, i + 4)];
}

describe('decodeGifFrames', () => {
  it('composes a partial frame over the one before it, each with its own delay', () => {
    const decoded = decodeGifFrames(
      gif(4, 4, [
        { width: 4, height: 4, pixels: fill(16, RED), delay: 20, disposal: 1 },
        { left: 2, top: 2, width: 2, height: 2, pixels: fill(4, BLUE), delay: 0 },
      ]),
    );
    expect([decoded.width, decoded.height, decoded.frames.length]).toEqual([4, 4, 2]);
    // 20 hundredths = 200 ms; a delay of 0 plays for 100 ms, as browsers play it.
    expect(decoded.frames.map((f) => f.delayMs)).toEqual([200, 100]);
    const [first, second] = decoded.frames;
    expect(at(first, 4, 3, 3)).toEqual([255, 0, 0, 255]);
    expect(at(second, 4, 3, 3)).toEqual([0, 0, 255, 255]);
    expect(at(second, 4, 1, 1)).toEqual([255, 0, 0, 255]);
    expect(at(second, 4, 1, 3)).toEqual([255, 0, 0, 255]);
  });

  it('reads the same delays without decoding a pixel (gifDelays)', () => {
    const bytes = gif(4, 4, [
      { width: 4, height: 4, pixels: fill(16, RED), delay: 20 },
      { width: 2, height: 2, pixels: fill(4, BLUE), delay: 0 },
      { width: 1, height: 1, pixels: [GREEN], delay: 1 },
      { width: 1, height: 1, pixels: [GREEN], delay: 7 },
    ]);
    expect(gifDelays(bytes)).toEqual([200, 100, 100, 70]);
    expect(gifDelays(bytes)).toEqual(decodeGifFrames(bytes).frames.map((f) => f.delayMs));
  });

  it('disposal 2 clears the frame’s area before the next one', () => {
    const decoded = decodeGifFrames(
      gif(4, 4, [
        { width: 4, height: 4, pixels: fill(16, RED), disposal: 2 },
        { width: 1, height: 1, pixels: [GREEN] },
      ]),
    );
    const second = decoded.frames[1];
    expect(at(second, 4, 0, 0)).toEqual([0, 255, 0, 255]);
    expect(at(second, 4, 3, 3)[3]).toBe(0);
  });

  it('a transparent pixel keeps what the frame before showed', () => {
    const pixels = fill(16, GREEN);
    pixels[0] = BLUE;
    const decoded = decodeGifFrames(
      gif(4, 4, [
        { width: 4, height: 4, pixels: fill(16, RED), disposal: 1 },
        { width: 4, height: 4, pixels: pixels.map((p) => (p === GREEN ? 0 : p)), transparent: 0 },
      ]),
    );
    const second = decoded.frames[1];
    expect(at(second, 4, 0, 0)).toEqual([0, 0, 255, 255]);
    expect(at(second, 4, 2, 2)).toEqual([255, 0, 0, 255]);
  });

  it('disposal 3 puts back what was under the frame', () => {
    const decoded = decodeGifFrames(
      gif(4, 4, [
        { width: 4, height: 4, pixels: fill(16, RED), disposal: 1 },
        { width: 2, height: 2, pixels: fill(4, BLUE), disposal: 3 },
        { left: 3, top: 3, width: 1, height: 1, pixels: [GREEN] },
      ]),
    );
    expect(at(decoded.frames[1], 4, 0, 0)).toEqual([0, 0, 255, 255]);
    expect(at(decoded.frames[2], 4, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(at(decoded.frames[2], 4, 3, 3)).toEqual([0, 255, 0, 255]);
  });

  it('refuses bytes that are not a GIF', () => {
    expect(() => decodeGifFrames(new Uint8Array([1, 2, 3, 4]).buffer)).toThrow();
  });
});

describe('frame timing', () => {
  it('shows each frame for its own delay and loops', () => {
    const delays = [200, 100, 300];
    expect(totalDurationMs(delays)).toBe(600);
    const shown = [0, 199, 200, 299, 300, 599, 600, 799, 800, 1100].map((ms) => frameAt(delays, ms));
    expect(shown).toEqual([0, 0, 1, 1, 2, 2, 0, 0, 1, 2]);
    expect(frameAt([100], 5000)).toBe(0);
    expect(frameAt([], 10)).toBe(0);
  });

  it('plays very short delays as browsers do', () => {
    expect([playedDelay(0), playedDelay(10), playedDelay(20), playedDelay(70)]).toEqual([100, 100, 20, 70]);
  });
});
