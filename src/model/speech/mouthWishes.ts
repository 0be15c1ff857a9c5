/**
 * What the lips should do for each sound of synthesised speech, and what each mouth shape would
 * cost there: the wishes a lip-sync path (bestMouthPath) weighs against the minimum hold.
 * - m/b/p want pressed lips (A) and little else will do; other consonants want their own shape.
 * - Vowels want an opening: the vowel's width (a wide, i and u narrow) scaled by how loud the
 *   voice is at that moment against the narration's loud speech, shown by a shape of the vowel's
 *   class, so stressed and full-tone syllables open wider and neutral-tone ones (的, 们) less.
 * - Silences long enough to rest want the rest shape; a short one wants the next sound, weakly.
 */
import { MOUTH_OPENING, mouthClass } from './mouthOpening';
import { nasalCodaShape, phonemeKind, shapesForPhoneme, type MouthShape } from './mouthShapes';
import type { PhonemeTiming } from './timings';

/** One sound: a consonant, a vowel (or one quality of a diphthong) or a coda, and its time. */
export interface Sound {
  startMs: number;
  endMs: number;
  shape: MouthShape;
  vowel: boolean;
  stressed: boolean;
}

/** What the lips want at a moment: a sound's wish, or rest; `weak` in a short silence. */
export type Wish = { rest: true } | { rest: false; sound: Sound; weak: boolean };

/** How wide each vowel quality opens at full voice, 0..1 (shapes as shapesForPhoneme gives them). */
const VOWEL_WIDTH: Partial<Record<MouthShape, number>> = { D: 1, C: 0.8, B: 0.7, E: 0.9, F: 0.75 };

/** Loudness at which a vowel opens fully (of the narration's loud speech). */
const FULL_VOICE = 0.65;

/** An unstressed vowel (neutral tone, a reduced English vowel) counts this much of its loudness. */
const UNSTRESSED = 0.8;

/** Cost of a shape of the wrong class (an open mouth for u, rounded lips for a). */
const WRONG_CLASS = 1;

/** Cost of anything but pressed lips for m, b, p: a closure missed is what viewers notice most
 *  (with closed lips on a loud vowel, which costs WRONG_CLASS and up to twice more with the voice). */
const MISSED_CLOSURE = 2;

/** A vowel phoneme's shapes with their time shares: in a diphthong the glides (the i and u of ia,
 *  ao, uo, iou: shapes B and F beside another) are brief and the nucleus takes the rest; a nasal
 *  coda written in the phoneme (ˈonɡ) is brief too and counts as a consonant. */
function vowelParts(phoneme: string): { shape: MouthShape; weight: number; vowel: boolean }[] {
  const shapes = shapesForPhoneme(phoneme);
  const glides = shapes.length > 1 && !shapes.every((s) => s === 'B' || s === 'F');
  const parts = shapes.map((shape) => ({
    shape,
    weight: glides && (shape === 'B' || shape === 'F') ? 1 : 2,
    vowel: true,
  }));
  const coda = nasalCodaShape(phoneme);
  return coda ? [...parts, { shape: coda, weight: 1, vowel: false }] : parts;
}

/** The sounds of a phoneme timing, in time order within [0, totalMs]; pauses are left out. */
export function soundsOf(phonemes: readonly PhonemeTiming[], totalMs: number): Sound[] {
  const sounds: Sound[] = [];
  let cursor = 0;
  for (const p of [...phonemes].sort((a, b) => a.startMs - b.startMs)) {
    const kind = phonemeKind(p.phoneme);
    const start = Math.max(cursor, Math.min(totalMs, Math.round(p.startMs)));
    const end = Math.max(start, Math.min(totalMs, Math.round(p.endMs)));
    if (kind === 'pause' || end <= start) continue;
    cursor = end;
    const stressed = /[ˈˌ]/.test(p.phoneme);
    const parts =
      kind === 'vowel'
        ? vowelParts(p.phoneme)
        : [{ shape: shapesForPhoneme(p.phoneme)[0], weight: 1, vowel: false }];
    const sum = parts.reduce((n, part) => n + part.weight, 0);
    let before = 0;
    for (const part of parts) {
      const s = Math.round(start + ((end - start) * before) / sum);
      before += part.weight;
      const e = Math.round(start + ((end - start) * before) / sum);
      if (e > s) sounds.push({ startMs: s, endMs: e, shape: part.shape, vowel: part.vowel, stressed });
    }
  }
  return sounds;
}

/**
 * The wish at each of `times` (ascending ms): inside a sound, that sound's; in a silence of at least
 * `minRestMs` (or before the first sound or after the last), rest; in a shorter one, the next
 * sound's, weakly (the lips get ready for it).
 */
export function wishesAt(sounds: readonly Sound[], times: readonly number[], minRestMs: number): Wish[] {
  const wishes: Wish[] = [];
  let k = 0;
  for (const t of times) {
    while (k < sounds.length && sounds[k].endMs <= t) k++;
    const sound = sounds[k];
    if (sound && sound.startMs <= t) wishes.push({ rest: false, sound, weak: false });
    else if (!sound || k === 0 || sound.startMs - sounds[k - 1].endMs >= minRestMs)
      wishes.push({ rest: true });
    else wishes.push({ rest: false, sound, weak: true });
  }
  return wishes;
}

/** The opening a vowel wants at a loudness (0..1 of loud speech). */
export function vowelOpening(sound: Sound, loudness: number): number {
  const width = VOWEL_WIDTH[sound.shape] ?? MOUTH_OPENING[sound.shape];
  const voice = (loudness * (sound.stressed ? 1 : UNSTRESSED)) / FULL_VOICE;
  return width * Math.min(1, voice);
}

/** What showing `shape` costs where the lips want `wish`, with the voice at `loudness` (0..1). */
export function wishCost(wish: Wish, shape: MouthShape, loudness: number): number {
  const open = MOUTH_OPENING[shape];
  if (wish.rest) return shape === 'X' ? 0 : shape === 'A' ? 0.05 : WRONG_CLASS + open * open;
  const { sound } = wish;
  let cost: number;
  if (sound.shape === 'A') cost = shape === 'A' ? 0 : shape === 'X' ? 0.3 : MISSED_CLOSURE;
  else if (sound.vowel && mouthClass(shape) === 'closed') cost = WRONG_CLASS + 2 * loudness;
  else if (mouthClass(shape) !== mouthClass(sound.shape)) cost = WRONG_CLASS;
  else if (sound.vowel) {
    const miss = open - vowelOpening(sound, loudness);
    // Vowels are drawn with B-D or E-F; G (teeth on lip) and H (tongue up) are consonant shapes.
    cost = miss * miss + (shape === 'G' || shape === 'H' ? 0.1 : 0);
  } else {
    const miss = open - MOUTH_OPENING[sound.shape];
    cost = 0.5 * miss * miss + (shape === sound.shape ? 0 : 0.03);
  }
  return wish.weak ? cost / 2 : cost;
}
