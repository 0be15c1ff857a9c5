import { describe, expect, it } from 'vitest';
import { processMemo } from '../../../src/server/video/processMemo';

/** A memo of `entries` and a maker that counts its calls per key. */
function counted(entries: number) {
  const memo = processMemo<string>(entries);
  const made: string[] = [];
  const get = (key: string) =>
    memo(key, async () => {
      made.push(key);
      return `picture ${key}`;
    });
  return { get, made };
}

describe('processMemo', () => {
  it('makes a key once and answers the same picture after', async () => {
    const { get, made } = counted(2);
    expect(await get('a')).toBe('picture a');
    expect(await get('a')).toBe('picture a');
    expect(made).toEqual(['a']);
  });

  it('keeps the most recently used entries and drops the oldest beyond its size', async () => {
    const { get, made } = counted(2);
    await get('a');
    await get('b');
    await get('a'); // a is now the most recent
    await get('c'); // drops b
    await get('a');
    await get('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not remember a failure: the next call makes it again', async () => {
    const memo = processMemo<string>(2);
    let calls = 0;
    const make = async () => {
      calls++;
      if (calls === 1) throw new Error('file busy');
      return 'picture';
    };
    await expect(memo('a', make)).rejects.toThrow('file busy');
    expect(await memo('a', make)).toBe('picture');
    expect(calls).toBe(2);
  });
});
