import { describe, expect, it } from 'vitest';
import { bestMouthPath } from '../../../src/model/speech/bestMouthPath';
import type { MouthShape } from '../../../src/model/speech';

/** Runs of a path as "shape×length". */
const runs = (path: MouthShape[]) =>
  path
    .reduce<[MouthShape, number][]>((out, s) => {
      const last = out[out.length - 1];
      if (last && last[0] === s) last[1]++;
      else out.push([s, 1]);
      return out;
    }, [])
    .map(([s, n]) => `${s}${n}`)
    .join(' ');

/** Cost 0 for the wanted shape of each step, 1 for any other. */
const wanting = (wanted: string) => (i: number, shape: MouthShape) => (shape === wanted[i] ? 0 : 1);

describe('bestMouthPath', () => {
  it('follows the wishes when they change slowly enough', () => {
    const wanted = 'XXXXDDDDDDAAAAA';
    expect(runs(bestMouthPath(wanted.length, wanting(wanted), 4, 0.01))).toBe('X4 D6 A5');
  });

  it('never holds a shape for fewer steps than the hold, dropping a one-step flicker', () => {
    const wanted = 'DDDDDBDDDDDCCCC';
    expect(runs(bestMouthPath(wanted.length, wanting(wanted), 3, 0.01))).toBe('D11 C4');
  });

  it('stretches a brief sound worth showing over its cheap neighbours', () => {
    const wanted = 'DDDDAADDDD';
    const cost = (i: number, shape: MouthShape) =>
      wanted[i] === 'A' ? (shape === 'A' ? 0 : 5) : shape === 'D' ? 0 : 1;
    expect(runs(bestMouthPath(wanted.length, cost, 4, 0.01))).toMatch(/^D\d A4 D\d$/);
  });

  it('lets a closed first run and the last run be short', () => {
    const wanted = 'XCCCCCCCB';
    expect(runs(bestMouthPath(wanted.length, wanting(wanted), 4, 0.01))).toBe('X1 C7 B1');
  });
});
