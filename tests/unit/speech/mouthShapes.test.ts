import { describe, expect, it } from 'vitest';
import { MOUTH_SHAPES, shapesForPhoneme } from '../../../src/model/speech';

const shapes = (p: string) => shapesForPhoneme(p).join('');

describe('shapesForPhoneme', () => {
  it('has the nine Rhubarb shapes A-H and X', () => {
    expect(MOUTH_SHAPES.join('')).toBe('ABCDEFGHX');
  });

  it('maps English consonants (eSpeak IPA)', () => {
    expect(['p', 'b', 'm'].map(shapes)).toEqual(['A', 'A', 'A']);
    expect(['f', 'v'].map(shapes)).toEqual(['G', 'G']);
    expect(shapes('l')).toBe('H');
    expect(shapes('w')).toBe('F');
    expect(
      ['t', 'd', 'k', 'ɡ', 's', 'z', 'ʃ', 'tʃ', 'dʒ', 'θ', 'ð', 'n', 'ŋ', 'ɹ', 'j', 'h', 'ɾ']
        .map(shapes)
        .join(''),
    ).toBe('BBBBBBBBBBBBBBBBB');
  });

  it('maps English vowels with stress and length marks', () => {
    expect(['ˈiː', 'ɪ', 'ˈɛ', 'ˈæ', 'ə', 'ˈʌ', 'ˈɑː', 'ˈɔː', 'ɚ', 'ˈɜː', 'ˈuː', 'ˈʊ'].map(shapes)).toEqual([
      'B', 'B', 'C', 'C', 'C', 'C', 'D', 'E', 'E', 'E', 'F', 'F',
    ]); // prettier-ignore
  });

  it('splits diphthongs into their shapes', () => {
    expect(['aɪ', 'ˈaʊ', 'ˈeɪ', 'ˌoʊ', 'ˌəʊ', 'ˈɔɪ'].map(shapes)).toEqual([
      'DB',
      'DF',
      'CB',
      'EF',
      'CF',
      'EB',
    ]);
    expect(['ˈɔːɹ', 'ˈɪɹ', 'ˈɛɹ'].map(shapes)).toEqual(['E', 'B', 'C']);
  });

  it('maps the Mandarin phonemes of the cmn voice', () => {
    expect(['ph', 'p', 'm', 'f', 'l'].map(shapes)).toEqual(['A', 'A', 'A', 'G', 'H']);
    expect(
      ['tɕh', 'tɕ', 'ɕ', 'ts.h', 'ts.', 's.', 'ʐ', 'tsh', 'ts', 'χ', 'kh', 'th'].map(shapes).join(''),
    ).toBe('BBBBBBBBBBBB');
    expect(['ˈɑ', 'ˈa', 'ˈə', 'o-', 'ˈo-', 'ˈo', 'ˈi', 'ˈi.', 'ˈi̪', 'ˈu', 'ˈy', 'ˈər'].map(shapes)).toEqual([
      'D', 'D', 'C', 'C', 'C', 'E', 'B', 'B', 'B', 'F', 'F', 'E',
    ]); // prettier-ignore
    expect(['ˈai', 'ˈei', 'ˈɑu', 'ˈou', 'ˈiɑ', 'ˈiɛ', 'ˈiou', 'ˈuei', 'ˈuo', 'ua', 'ˈyæ', 'ˈonɡ'].map(shapes)).toEqual([
      'DB', 'CB', 'DF', 'EF', 'BD', 'BC', 'BEF', 'FCB', 'FE', 'FD', 'FC', 'E',
    ]); // prettier-ignore
  });

  it('gives rest for pauses and language-switch markers, B for unknown symbols', () => {
    expect(['', '_', '(en)', '(cmn)'].map(shapes)).toEqual(['X', 'X', 'X', 'X']);
    expect(shapes('ʔ')).toBe('B');
  });
});
