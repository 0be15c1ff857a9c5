import { describe, expect, it } from 'vitest';
import { frameMap } from '../../../src/server/adapters/media/alignDtw';
import { mapSpans, snapToPauses } from '../../../src/server/adapters/media/alignMap';
import { transcriptionsUrl, parseTranscript } from '../../../src/server/adapters/media/transcribe.openai';

describe('aligner mapping helpers', () => {
  it('carries spans through a warp path (recording twice as slow)', () => {
    const a = Int32Array.from({ length: 20 }, (_, k) => Math.floor(k / 2));
    const b = Int32Array.from({ length: 20 }, (_, k) => k);
    const spans = mapSpans([{ startMs: 20, endMs: 50 }], frameMap({ a, b }, 10));
    expect(spans).toEqual([{ startMs: 40, endMs: 110 }]);
  });

  it('snaps a start inside or just after a pause to the pause end, and an end inside it to its start', () => {
    const pauses = [{ startMs: 1000, endMs: 1600 }];
    const out = snapToPauses(
      [
        { startMs: 200, endMs: 1200 },
        { startMs: 1450, endMs: 1900 },
        { startMs: 2000, endMs: 2300 },
      ],
      pauses,
    );
    expect(out).toEqual([
      { startMs: 200, endMs: 1000 },
      { startMs: 1600, endMs: 1900 },
      { startMs: 2000, endMs: 2300 },
    ]);
    // Just after the pause (within 250 ms) also snaps; far after it does not.
    expect(
      snapToPauses(
        [
          { startMs: 0, endMs: 500 },
          { startMs: 1800, endMs: 2000 },
        ],
        pauses,
      )[1].startMs,
    ).toBe(1600);
    expect(
      snapToPauses(
        [
          { startMs: 0, endMs: 500 },
          { startMs: 1900, endMs: 2000 },
        ],
        pauses,
      )[1].startMs,
    ).toBe(1900);
  });

  it('builds the transcription URL and reads verbose_json or plain text', () => {
    expect(transcriptionsUrl('http://h:8000/')).toBe('http://h:8000/v1/audio/transcriptions');
    expect(transcriptionsUrl('https://api.example.com/v1')).toBe(
      'https://api.example.com/v1/audio/transcriptions',
    );
    const t = parseTranscript(
      JSON.stringify({ text: ' 你好 ', segments: [{ start: 0.5, end: 1.25, text: '你好' }] }),
      0,
    );
    expect(t.segments).toEqual([{ startMs: 500, endMs: 1250, text: '你好' }]);
    expect(parseTranscript('plain words', 3000).segments).toEqual([
      { startMs: 0, endMs: 3000, text: 'plain words' },
    ]);
  });
});
