import { describe, expect, it } from 'vitest';
import { readDigits, readInteger, readNumber } from '../../../src/model/speech';

describe('Chinese readings of numbers', () => {
  it.each([
    ['0', '零'],
    ['7', '七'],
    ['10', '十'],
    ['15', '十五'],
    ['20', '二十'],
    ['101', '一百零一'],
    ['110', '一百一十'],
    ['200', '二百'],
    ['1001', '一千零一'],
    ['1010', '一千零一十'],
    ['2000', '两千'],
    ['2026', '两千零二十六'],
    ['10000', '一万'],
    ['10001', '一万零一'],
    ['20000', '两万'],
    ['100000', '十万'],
    ['100010', '十万零一十'],
    ['120000', '十二万'],
    ['1020000', '一百零二万'],
    ['12345678', '一千二百三十四万五千六百七十八'],
    ['100000000', '一亿'],
    ['100000001', '一亿零一'],
    ['120000000', '一亿两千万'],
    ['1400000000', '十四亿'],
    ['1,234,567', '一百二十三万四千五百六十七'],
    // Leading zeros and more than 16 digits are codes: digit by digit.
    ['007', '零零七'],
    ['12345678901234567', '一二三四五六七八九零一二三四五六七'],
  ])('reads the integer %s as %s', (digits, spoken) => {
    expect(readInteger(digits)).toBe(spoken);
  });

  it('reads decimals with 点 and the fraction digit by digit, never 两', () => {
    expect(readNumber('3', '14')).toBe('三点一四');
    expect(readNumber('0', '5')).toBe('零点五');
    expect(readNumber('2', '5')).toBe('二点五');
    expect(readNumber('12', '05')).toBe('十二点零五');
    expect(readNumber('42')).toBe('四十二');
  });

  it('reads digit by digit, with 幺 for phone numbers', () => {
    expect(readDigits('2026')).toBe('二零二六');
    expect(readDigits('110', '幺')).toBe('幺幺零');
  });
});
