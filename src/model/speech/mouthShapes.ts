/**
 * The mouth-shape set of a presenter and the mapping from eSpeak NG phonemes to shapes.
 *
 * Letters follow Rhubarb Lip Sync (Preston Blair set), so artists can reuse Rhubarb mouth charts:
 * - A: closed, lips pressed (M, B, P)
 * - B: slightly open, teeth together (most consonants: T, D, K, S, N, J, H; also the EE vowel)
 * - C: open (EH, AE, schwa; Mandarin e / ê)
 * - D: wide open (AA as in "father", Mandarin a)
 * - E: rounded, O-shape (AO, ER, Mandarin o)
 * - F: puckered (U, W, OO; Mandarin u / ü)
 * - G: upper teeth on lower lip (F, V)
 * - H: tongue raised behind the teeth (L)
 * - X: rest / idle, mouth closed and relaxed (silence)
 *
 * eSpeak NG reports phonemes as IPA strings: English ("ˈaɪ", "tʃ", "ɚ") and, for the Mandarin voice,
 * pinyin-like IPA ("tɕh", "ts.h", "ˈiou", "ˈonɡ", "o-", "i.", "i̪"). Consonant phonemes give one shape;
 * vowel phonemes give one shape per vowel quality (a diphthong "ˈɑu" gives D then F), and the timeline
 * splits the phoneme's time evenly between them.
 */

/** Mouth shapes, Rhubarb letters; X is rest. */
export type MouthShape = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'X';

/** All shapes in sprite order: every character provides one mouth sprite per entry. */
export const MOUTH_SHAPES: readonly MouthShape[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'X'];

/** What each shape looks like, for artists drawing a character's mouth sprites. */
export const MOUTH_SHAPE_DESCRIPTIONS: Readonly<Record<MouthShape, string>> = {
  A: 'closed, lips pressed together (M, B, P)',
  B: 'slightly open, teeth together (most consonants, EE)',
  C: 'open (EH, AE, schwa)',
  D: 'wide open (AA)',
  E: 'rounded (O, ER)',
  F: 'puckered (U, W, OO)',
  G: 'upper teeth on lower lip (F, V)',
  H: 'tongue behind the upper teeth (L)',
  X: 'rest, silence',
};

/** Whole-phoneme overrides where a per-character reading would be wrong. */
const SPECIAL: Readonly<Record<string, MouthShape[]>> = {
  // Mandarin: "o-" is the unrounded back vowel of 个/的 (ɤ), "ər" of 二/儿 is r-coloured.
  'o-': ['C'],
  ər: ['E'],
  ɚ: ['E'],
  // English r-coloured vowels read as one shape.
  ɜːɹ: ['E'],
  ɝ: ['E'],
};

/** Shapes of vowel symbols. */
const VOWELS: Readonly<Record<string, MouthShape>> = {
  i: 'B',
  ɪ: 'B',
  ɨ: 'B',
  e: 'C',
  ɛ: 'C',
  æ: 'C',
  ə: 'C',
  ɐ: 'C',
  ʌ: 'C',
  ɤ: 'C',
  a: 'D',
  ɑ: 'D',
  ɒ: 'E',
  o: 'E',
  ɔ: 'E',
  ɜ: 'E',
  ɵ: 'E',
  u: 'F',
  ʊ: 'F',
  y: 'F',
  ʏ: 'F',
  ø: 'F',
};

/** Shapes of consonants that are not plain B. */
const CONSONANTS: Readonly<Record<string, MouthShape>> = {
  p: 'A',
  b: 'A',
  m: 'A',
  f: 'G',
  v: 'G',
  l: 'H',
  ɫ: 'H',
  w: 'F',
  ɥ: 'F',
};

/**
 * Strips stress and length marks and eSpeak's modifiers (".", "-", combining diacritics) so that
 * "ˈiː", "i.", "i̪" all read as "i".
 */
function bare(phoneme: string): string {
  return phoneme
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ˈˌːˑ.\-'",_]/g, '')
    .replace(/ɡ/g, 'g');
}

/**
 * Mouth shapes for one eSpeak phoneme (IPA string), in the order they are seen.
 * Pauses and markers give X. Unknown symbols count as plain consonants (B).
 */
export function shapesForPhoneme(phoneme: string): MouthShape[] {
  const trimmed = phoneme.trim().replace(/^[ˈˌ]+/, '');
  // "" and "_" are pauses; "(en)" / "(cmn)" are eSpeak's language-switch markers, not sounds.
  if (trimmed === '' || trimmed === '_' || trimmed.startsWith('(')) return ['X'];
  const special = SPECIAL[trimmed] ?? SPECIAL[bare(trimmed)];
  if (special) return [...special];
  const symbols = Array.from(bare(trimmed));
  if (symbols.length === 0) return ['X'];
  const vowelShapes = symbols.filter((s) => s in VOWELS).map((s) => VOWELS[s]);
  if (vowelShapes.length === 0) {
    // A consonant, possibly with aspiration or affrication ("ph", "tɕh", "ts.h"): the first symbol leads.
    return [CONSONANTS[symbols[0]] ?? 'B'];
  }
  // Glides inside a vowel phoneme ("uo" starts with u anyway; "wa" is split by eSpeak) are ignored;
  // consonant symbols after the vowel ("onɡ", "ɔːɹ") are too: the vowel shape dominates what is seen.
  return vowelShapes.filter((shape, i) => i === 0 || shape !== vowelShapes[i - 1]);
}

/** What a phoneme is to the lips: a pause, a vowel (the nucleus of a syllable) or a consonant. */
export type PhonemeKind = 'pause' | 'vowel' | 'consonant';

/** Whether an eSpeak phoneme is a pause, a vowel (any vowel symbol, e.g. "ˈiou", "o-") or a consonant. */
export function phonemeKind(phoneme: string): PhonemeKind {
  const trimmed = phoneme.trim().replace(/^[ˈˌ]+/, '');
  if (trimmed === '' || trimmed === '_' || trimmed.startsWith('(')) return 'pause';
  if (SPECIAL[trimmed] ?? SPECIAL[bare(trimmed)]) return 'vowel';
  return Array.from(bare(trimmed)).some((s) => s in VOWELS) ? 'vowel' : 'consonant';
}

/**
 * The shape of a nasal coda written inside a vowel phoneme (Mandarin "ˈonɡ" of 松, "ioŋ"), which
 * {@link shapesForPhoneme} leaves out as the vowel dominates; null without one. The coda is quiet
 * and the lips leave the vowel for it, so an opening that follows loudness shows it.
 */
export function nasalCodaShape(phoneme: string): MouthShape | null {
  if (phonemeKind(phoneme) !== 'vowel') return null;
  const symbols = bare(phoneme.trim());
  if (/(ŋ|ng|n)$/.test(symbols)) return 'B';
  if (/m$/.test(symbols)) return 'A';
  return null;
}
