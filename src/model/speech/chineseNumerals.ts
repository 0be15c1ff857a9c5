/**
 * Numbers as a Chinese narrator reads them: cardinals grouped by 万 and 亿, decimals, and digit by
 * digit for years, codes and phone numbers. Input is ASCII digits; output is Chinese numerals only.
 */

const DIGITS = '零一二三四五六七八九';
const PLACES = ['', '十', '百', '千'];
const SECTION_UNITS = ['', '万', '亿', '万亿'];
/** Longer integers (above 万亿) are read digit by digit: nobody says them as one number. */
export const MAX_CARDINAL_DIGITS = 16;

/**
 * Digit by digit: "2026" → 二零二六. Phone numbers pass `one = '幺'`, the spoken convention that
 * keeps 一 from being misheard as 七.
 */
export function readDigits(digits: string, one = '一'): string {
  let out = '';
  for (const d of digits) out += d === '1' ? one : (DIGITS[Number(d)] ?? d);
  return out;
}

/** One 4-digit section (1..9999) with its inner zeros: "0105" → 一百零五. */
function readSection(section: string): string {
  let out = '';
  let zero = false;
  for (let i = 0; i < 4; i++) {
    const d = Number(section[i]);
    const place = 3 - i;
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    zero = false;
    // 2000 is 两千, as said; 200 stays 二百 (两百 is not wrong, but 二百 is the written norm).
    out += (d === 2 && place === 3 ? '两' : DIGITS[d]) + PLACES[place];
  }
  return out;
}

/**
 * An integer as a cardinal: "10" → 十, "1001" → 一千零一, "120000" → 十二万, "20000" → 两万.
 * Leading zeros or more than 16 digits read digit by digit (codes, serial numbers).
 */
export function readInteger(digits: string): string {
  const clean = digits.replace(/,/g, '');
  if (!/^\d+$/.test(clean)) return clean;
  if (clean.length > MAX_CARDINAL_DIGITS || (clean.length > 1 && clean[0] === '0')) return readDigits(clean);
  if (/^0+$/.test(clean)) return DIGITS[0];
  const padded = clean.padStart(Math.ceil(clean.length / 4) * 4, '0');
  const sections = padded.match(/\d{4}/g) ?? [];
  let out = '';
  let gap = false;
  sections.forEach((section, i) => {
    const unit = SECTION_UNITS[sections.length - 1 - i];
    const value = Number(section);
    if (value === 0) {
      gap = out !== '';
      return;
    }
    // A section below 1000 after a higher one reads with 零: 一万零五, 一亿零五十万.
    if (out !== '' && (gap || value < 1000)) out += '零';
    gap = false;
    out += value === 2 && unit !== '' ? '两' : readSection(section);
    out += unit;
  });
  // 10-19 and 十万: the leading 一 of 一十 is not said.
  return out.startsWith('一十') ? out.slice(1) : out;
}

/** A number with an optional fraction: "3.14" → 三点一四, "0.5" → 零点五, "1,299" → 一千二百九十九. */
export function readNumber(integer: string, fraction?: string): string {
  // "2.5" is 二点五: the 两 of readInteger is for counting thousands, never for a decimal's units.
  const whole = readInteger(integer);
  return fraction ? `${whole}点${readDigits(fraction)}` : whole;
}
