import { describe, expect, it } from 'vitest';
import { sameData } from '../../../src/model/project/sameData';

describe('sameData', () => {
  it('compares JSON-like data whatever the order of keys', () => {
    expect(sameData({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameData([1, 2], [2, 1])).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData({ a: null }, { a: {} })).toBe(false);
    expect(sameData({ a: [1] }, { a: [1, 2] })).toBe(false);
  });
});
