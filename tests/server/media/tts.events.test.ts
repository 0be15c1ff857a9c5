import { describe, expect, it } from 'vitest';
import { espeakVoiceName, timingsFromEvents } from '../../../src/server/adapters/media/tts.espeak';
import type { EspeakEvent } from '../../../src/server/adapters/media/tts.espeak.protocol';

const ev = (type: EspeakEvent['type'], audio_position: number, id?: string | number, text_position = 0, word_length = 0): EspeakEvent => ({
  type, audio_position, id, text_position, word_length,
}); // prettier-ignore

describe('timingsFromEvents', () => {
  it('turns eSpeak cmn events for 欢迎使用 into words and sounding phonemes', () => {
    // Recorded from eSpeak NG (cmn): 欢迎 is one dictionary word reported with length 1.
    const events = [
      ev('sentence', 0, 1), ev('word', 0, 1, 1, 1), ev('phoneme', 13, 'χ'), ev('phoneme', 131, 'ua'), ev('phoneme', 288, 'n'),
      ev('phoneme', 384, 'j'), ev('phoneme', 479, 'ˈi'), ev('phoneme', 624, 'ŋ'), ev('phoneme', 719, ''),
      ev('word', 719, 2, 3, 1), ev('phoneme', 732, 's.'), ev('phoneme', 836, 'ˈi.'), ev('phoneme', 1052, ''),
      ev('word', 1052, 3, 4, 1), ev('phoneme', 1052, 'j'), ev('phoneme', 1186, 'ˈonɡ'), ev('phoneme', 1553, ''),
      ev('phoneme', 1562, ''), ev('end', 1562),
    ]; // prettier-ignore
    const { words, phonemes } = timingsFromEvents(events, '欢迎使用', 1600);
    expect(words).toEqual([
      { text: '欢迎', startMs: 13, endMs: 719, charStart: 0, charEnd: 2 },
      { text: '使', startMs: 732, endMs: 1052, charStart: 2, charEnd: 3 },
      { text: '用', startMs: 1052, endMs: 1553, charStart: 3, charEnd: 4 },
    ]);
    expect(phonemes.map((p) => `${p.phoneme}@${p.startMs}-${p.endMs}`).join(' ')).toBe(
      'χ@13-131 ua@131-288 n@288-384 j@384-479 ˈi@479-624 ŋ@624-719 s.@732-836 ˈi.@836-1052 j@1052-1186 ˈonɡ@1186-1553',
    );
  });

  it('merges the several word events eSpeak gives one number, trims punctuation, counts code points', () => {
    const events = [
      ev('word', 0, 1, 1, 1), ev('phoneme', 10, 'n'), ev('phoneme', 100, 'ˈi'), ev('phoneme', 200, ''),
      ev('word', 300, 2, 4, 4), ev('phoneme', 300, 'ər'), ev('word', 500, 3, 5, 4), ev('phoneme', 500, 'tɕh'),
      ev('word', 700, 4, 5, 4), ev('phoneme', 700, 'ər'), ev('phoneme', 900, ''), ev('end', 950),
    ]; // prettier-ignore
    // "你😀 2024。": the emoji is one code point but two UTF-16 units.
    const { words } = timingsFromEvents(events, '你😀 2024。', 1000);
    expect(words).toEqual([
      { text: '你😀', startMs: 10, endMs: 200, charStart: 0, charEnd: 3 },
      { text: '2024', startMs: 300, endMs: 900, charStart: 4, charEnd: 8 },
    ]);
  });

  it('drops language-switch markers and clamps to the audio length', () => {
    const events = [
      ev('phoneme', 0, '(en)'),
      ev('phoneme', 52, 'p'),
      ev('phoneme', 98, 'ɹ'),
      ev('phoneme', 1186, '(cmn)'),
    ];
    const { phonemes } = timingsFromEvents(events, 'pr', 120);
    expect(phonemes).toEqual([
      { phoneme: 'p', startMs: 52, endMs: 98 },
      { phoneme: 'ɹ', startMs: 98, endMs: 120 },
    ]);
  });
});

describe('espeakVoiceName', () => {
  it('maps language and variant to eSpeak voice names', () => {
    expect(espeakVoiceName({ engine: 'espeak', lang: 'zh', variant: 'f3' })).toBe('cmn+f3');
    expect(espeakVoiceName({ engine: 'espeak', lang: 'en' })).toBe('en-us');
  });
});
