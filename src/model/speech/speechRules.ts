/**
 * The rules of {@link normalizeForSpeech}: each matches at one position of the narration and says
 * what is spoken instead. Order matters: at each position the first rule that matches wins, so the
 * specific shapes (a URL, a phone number, a date, a time) come before a bare number.
 */
import { readDigits, readInteger, readNumber } from './chineseNumerals';
import { READING_MARKER_SOURCE, spokenReading } from './readingMarkers';
import { UNIT_READINGS, UNIT_SOURCE } from './speechUnits';

/** One rule: a sticky pattern and the spoken text for a match (null: the rule does not apply). */
export interface SpeechRule {
  name: string;
  pattern: RegExp;
  speak: (m: RegExpExecArray) => string | null;
}

const rule = (name: string, source: string, speak: SpeechRule['speak']): SpeechRule => ({
  name,
  pattern: new RegExp(source, 'uy'),
  speak,
});

/**
 * A number starts a token: not inside a Latin word or another number ("MP4", "v2.0", "1.2.3"),
 * and not right after a Latin word and a space ("iPhone 15", "Windows 11" are names, said as such).
 */
const START = String.raw`(?<![A-Za-z0-9_.])(?<![A-Za-z] )`;
/** An integer (commas between thousands allowed) that is never cut short by backtracking. */
const INT = String.raw`(\d{1,3}(?:,\d{3})+(?!\d)|\d+(?!\d))`;
const DECIMAL = String.raw`(\d+(?:\.\d+)?)`;
const UNIT = `(${UNIT_SOURCE})`;

const CURRENCY: Readonly<Record<string, string>> = {
  $: '美元',
  '¥': '元',
  '￥': '元',
  '€': '欧元',
  '£': '英镑',
};
const DOLLARS: Readonly<Record<string, string>> = { US: '美元', HK: '港元', NT: '新台币' };
/** Counted 2 is 两: 两个人, 两点, 两年 (but 第二个, 二月, 十二个). */
const MEASURE_WORDS =
  '个|位|只|条|张|本|次|天|种|件|台|项|家|名|岁|点|小时|周|倍|层|场|部|辆|份|句|段|篇|套|页|米|公里|千克|斤|分钟|秒|年';
/** All-capital words said as words, not letter by letter. */
const SAID_AS_WORDS = new Set(['NASA', 'SIM', 'JPEG', 'COVID', 'OPEC', 'SARS', 'NATO', 'LOL']);
/** Lower-case abbreviations said letter by letter. */
const SPELLED_LOWER = new Set(['app', 'ppt', 'pdf', 'ai', 'api', 'ceo', 'cpu', 'gpu', 'usb', 'ui', 'id']);

const decimal = (s: string): string => {
  const [int, frac] = s.split('.');
  return readNumber(int, frac);
};
const phoneDigits = (...groups: string[]): string => groups.map((g) => readDigits(g, '幺')).join(' ');
/** Sizes and ranges of long numbers (1920×1080) are said digit by digit, like years. */
const longDigits = (s: string): string => (/^\d+$/.test(s) ? readDigits(s) : decimal(s));
const unitReading = (unit: string | undefined): string => (unit ? (UNIT_READINGS[unit] ?? unit) : '');
const validDate = (month: string, day = '1') => +month >= 1 && +month <= 12 && +day >= 1 && +day <= 31;

/**
 * Letters a TTS voice must spell. eSpeak's English voice reads "APP", "AM" and "ROI" as words and
 * garbles "AIGC", and spaced capitals fail too ("A P P": the A is read as the article), while
 * dotted letters ("A.P.P") are always spelled, and a dot inside a word ends no sentence.
 */
export function spellAbbreviation(word: string): string {
  if (/^[A-Z]{2,5}$/.test(word) && !SAID_AS_WORDS.has(word)) return [...word].join('.');
  if (SPELLED_LOWER.has(word)) return [...word.toUpperCase()].join('.');
  return word;
}

/** A clock time: hour, minutes and optional seconds. */
const TIME = String.raw`([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?`;

/** 10:30 → 十点三十分, 9:05 → 九点零五分, 2:00 → 两点, 10:00:30 → 十点零分三十秒. */
function readTime(hours: string, minutes: string, seconds: string | undefined): string {
  const hour = `${+hours === 2 ? '两' : readInteger(String(+hours))}点`;
  const part = (v: string, unit: string) =>
    (v === '00' ? '零' : v[0] === '0' ? `零${readDigits(v[1])}` : readInteger(v)) + unit;
  if (seconds) return `${hour}${part(minutes, '分')}${part(seconds, '秒')}`;
  return minutes === '00' ? hour : `${hour}${part(minutes, '分')}`;
}

const keep = (m: RegExpExecArray) => m[0];

/** The rules in priority order. */
export const SPEECH_RULES: readonly SpeechRule[] = [
  // Addresses are read as written (they are rarely spoken at all, and never digit-converted).
  rule(
    'url',
    String.raw`(?<![A-Za-z0-9.])(?:https?:\/\/|www\.)[^\s，。！？；、（）()【】「」《》"'<>]+`,
    keep,
  ),
  rule('email', String.raw`(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`, keep),
  rule(
    'domain',
    String.raw`(?<![A-Za-z0-9.-])[A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z0-9-]+)*\.(?:com|cn|net|org|io|gov|edu|ai|dev|app|info|me|tv|cc|co)(?![A-Za-z0-9])`,
    keep,
  ),
  rule('reading', READING_MARKER_SOURCE, (m) => spokenReading(m[1], m[2] ?? m[3])),
  rule('mobile', String.raw`(?<!\d)(1[3-9]\d)([- ]?)(\d{4})\2(\d{4})(?!\d)`, (m) =>
    phoneDigits(m[1], m[3], m[4]),
  ),
  rule('landline', String.raw`(?<![\d-])(0\d{2,3})-(\d{7,8})(?![\d-])`, (m) => phoneDigits(m[1], m[2])),
  rule('service', String.raw`(?<![\d-])([48]00)(-?)(\d{3})\2(\d{4})(?![\d-])`, (m) =>
    phoneDigits(m[1], m[3], m[4]),
  ),
  rule('date', String.raw`(?<![\d.])([12]\d{3})([-/.])(\d{1,2})\2(\d{1,2})(?![\d.]|\s?[日号])`, (m) =>
    validDate(m[3], m[4])
      ? `${readDigits(m[1])}年${readInteger(String(+m[3]))}月${readInteger(String(+m[4]))}日`
      : null,
  ),
  rule('month', String.raw`(?<![\d.])([12]\d{3})([-/])(\d{1,2})(?![\d./-]|\s?[年月日号])`, (m) =>
    validDate(m[3]) ? `${readDigits(m[1])}年${readInteger(String(+m[3]))}月` : null,
  ),
  rule('time', String.raw`(?<![\d:.])${TIME}(?:\s?[-~～—–]\s?${TIME})?(?![\d:])`, (m) =>
    m[4] ? `${readTime(m[1], m[2], m[3])}到${readTime(m[4], m[5], m[6])}` : readTime(m[1], m[2], m[3]),
  ),
  rule('resolution', String.raw`${START}(\d{3,4})[pP](?![A-Za-z0-9])`, (m) => `${readDigits(m[1])}P`),
  rule(
    'size',
    String.raw`${START}${DECIMAL}\s?[xX×*]\s?${DECIMAL}(?:\s?[xX×*]\s?${DECIMAL})?(?:\s?${UNIT})?(?![\d.A-Za-z])`,
    (m) => {
      const sides = [m[1], m[2], m[3]].filter((s): s is string => s !== undefined);
      // 1920×1080 is said 一九二零乘一零八零, as screen sizes are; 3×4 米 stays 三乘四.
      const long = sides.some((s) => s.split('.')[0].length >= 4);
      return sides.map(long ? longDigits : decimal).join('乘') + unitReading(m[4]);
    },
  ),
  rule(
    'range',
    String.raw`${START}${DECIMAL}(%?)\s?[-~～—–](\s?)${DECIMAL}(%?)(?:\s?${UNIT})?(?![\d.]|-\d)`,
    (m) => {
      const percent = m[2] || m[5] ? '百分之' : '';
      const years =
        /^\d{4}$/.test(m[1]) && /^\d{4}$/.test(m[4]) && /^\s?年/.test(m.input.slice(m.index + m[0].length));
      const side = years ? readDigits : decimal;
      return `${percent}${side(m[1])}到${percent}${side(m[4])}${unitReading(m[6])}`;
    },
  ),
  rule(
    'percent',
    String.raw`${START}(-?)${INT}(?:\.(\d+))?\s?([%‰])`,
    (m) => `${m[1] ? '负' : ''}${m[4] === '‰' ? '千' : '百'}分之${readNumber(m[2], m[3])}`,
  ),
  rule(
    'money',
    String.raw`(?<![A-Za-z0-9_.])(US|HK|NT)?([$¥￥€£])\s?(-?)${INT}(?:\.(\d+))?(万亿|万|亿|千|百)?`,
    (m) => {
      const name = m[1] ? DOLLARS[m[1]] : CURRENCY[m[2]];
      return `${m[3] ? '负' : ''}${readNumber(m[4], m[5])}${m[6] ?? ''}${name}`;
    },
  ),
  // 九零年代 and 八零后 are said digit by digit.
  rule('decade', String.raw`${START}(\d0)(?=年代)`, (m) => readDigits(m[1])),
  rule('generation', String.raw`${START}([05-9]0)(?=后(?![来面]))`, (m) => readDigits(m[1])),
  rule('year', String.raw`${START}([12]\d{3})(?=\s?年)`, (m) => readDigits(m[1])),
  rule('two', String.raw`(?<![A-Za-z0-9_.第])(?<![A-Za-z] )2(?=${MEASURE_WORDS})(?!年级|次方)`, () => '两'),
  rule(
    'number',
    String.raw`${START}(-?)${INT}(?:\.(\d+)(?!\d))?(?![.,]\d)(?:\s?${UNIT}|([A-Z])(?![A-Za-z]))?(?![A-Za-z])`,
    (m) => {
      const unit = unitReading(m[4]);
      // Below-zero temperatures are 零下, other negatives 负; 2 of a unit is counted: 两公里.
      const sign = m[1] ? (/度$/.test(unit) ? '零下' : '负') : '';
      const value = m[2] === '2' && !m[3] && unit ? '两' : readNumber(m[2], m[3]);
      return `${sign}${value}${unit}${m[5] ?? ''}`;
    },
  ),
  rule('latin', String.raw`(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]*(?:[-_.'’][A-Za-z0-9]+)*`, (m) =>
    spellAbbreviation(m[0]),
  ),
];
