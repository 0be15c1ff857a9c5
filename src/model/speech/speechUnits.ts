/**
 * Unit symbols after a number and how they are said in Chinese. Storage units (GB, MB...) keep their
 * letters: "16GB" is said 十六 G B, which the English voice spells out.
 */
export const UNIT_READINGS: Readonly<Record<string, string>> = {
  'km/h': '公里每小时', 'm/s': '米每秒', 'km²': '平方公里', 'm²': '平方米', '㎡': '平方米',
  'cm²': '平方厘米', 'm³': '立方米', km: '公里', m: '米', cm: '厘米', mm: '毫米', nm: '纳米',
  μm: '微米', kg: '千克', g: '克', mg: '毫克', t: '吨', ml: '毫升', mL: '毫升', L: '升',
  '℃': '摄氏度', '°C': '摄氏度', '℉': '华氏度', '°F': '华氏度', '°': '度',
  ms: '毫秒', min: '分钟', h: '小时', s: '秒', kWh: '千瓦时', kW: '千瓦', W: '瓦', V: '伏',
  mAh: '毫安时', Hz: '赫兹', kHz: '千赫', MHz: '兆赫', GHz: '吉赫', px: '像素', fps: '帧每秒',
  KB: 'KB', MB: 'MB', GB: 'GB', TB: 'TB',
}; // prettier-ignore

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Regex source matching one unit symbol, longest first ("km/h" before "km" before "m"), not followed
 * by a letter: "5m" is 五米 but the m of "5min" is not 米.
 */
export const UNIT_SOURCE = `(?:${Object.keys(UNIT_READINGS)
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join('|')})(?![A-Za-z])`;
