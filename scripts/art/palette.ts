/** Presenter specifications: who they are and the colours and parts they are drawn with. */

export type HairStyle = 'long-straight' | 'side-part' | 'bun' | 'textured' | 'bob' | 'short-neat';
export type Outer = 'blazer' | 'suit' | 'cardigan' | 'overshirt' | 'none';
export type Inner = 'blouse' | 'shirt' | 'tee' | 'knit';
export type Bottom = 'skirt' | 'trousers' | 'jeans';

export interface Presenter {
  id: string;
  name: string;
  sex: 1 | 2;
  style: 'business' | 'casual';
  suggestedVoice: 'zh-female' | 'zh-male';
  skin: string;
  hair: { style: HairStyle; color: string };
  eyes: string;
  lips: string;
  /** Lip colour strength: painted (women) or natural (men). */
  lipTone: 'painted' | 'natural';
  glasses?: string;
  earrings?: string;
  necklace?: string;
  outer: { type: Outer; color: string };
  inner: { type: Inner; color: string };
  tie?: string;
  bottom: { type: Bottom; color: string };
  /** Soft circle behind the icon. */
  iconBg: [string, string];
}

export const PRESENTERS: Presenter[] = [
  {
    id: 'xiaoya',
    name: '小雅',
    sex: 2,
    style: 'business',
    suggestedVoice: 'zh-female',
    skin: '#f7d5bd',
    hair: { style: 'long-straight', color: '#2a1c19' },
    eyes: '#3a2720',
    lips: '#cf5c6b',
    lipTone: 'painted',
    earrings: '#e8c36a',
    necklace: '#e8c36a',
    outer: { type: 'blazer', color: '#2e4b7e' },
    inner: { type: 'blouse', color: '#fbfbfd' },
    bottom: { type: 'skirt', color: '#27406b' },
    iconBg: ['#dbe7fb', '#b7cdf3'],
  },
  {
    id: 'zixuan',
    name: '子轩',
    sex: 1,
    style: 'business',
    suggestedVoice: 'zh-male',
    skin: '#eec5a4',
    hair: { style: 'side-part', color: '#1f1916' },
    eyes: '#2e221c',
    lips: '#bf7a6c',
    lipTone: 'natural',
    outer: { type: 'suit', color: '#2f3645' },
    inner: { type: 'shirt', color: '#f3f7fc' },
    tie: '#b8403e',
    bottom: { type: 'trousers', color: '#2a303d' },
    iconBg: ['#e3e8ef', '#c3ccd9'],
  },
  {
    id: 'xiaomei',
    name: '小美',
    sex: 2,
    style: 'casual',
    suggestedVoice: 'zh-female',
    skin: '#f9dcc7',
    hair: { style: 'bun', color: '#5b3a2b' },
    eyes: '#4a3026',
    lips: '#de6e78',
    lipTone: 'painted',
    earrings: '#f4f1ea',
    outer: { type: 'cardigan', color: '#f2a65a' },
    inner: { type: 'tee', color: '#fffdf8' },
    bottom: { type: 'jeans', color: '#4d74aa' },
    iconBg: ['#fdebd6', '#f8cfa6'],
  },
  {
    id: 'ajie',
    name: '阿杰',
    sex: 1,
    style: 'casual',
    suggestedVoice: 'zh-male',
    skin: '#dca681',
    hair: { style: 'textured', color: '#221914' },
    eyes: '#2b1e17',
    lips: '#b06c5c',
    lipTone: 'natural',
    outer: { type: 'overshirt', color: '#3e7d6d' },
    inner: { type: 'tee', color: '#f3efe4' },
    bottom: { type: 'trousers', color: '#c2ab84' },
    iconBg: ['#ddf1ea', '#b5dccd'],
  },
  {
    id: 'linlaoshi',
    name: '林老师',
    sex: 2,
    style: 'casual',
    suggestedVoice: 'zh-female',
    skin: '#f3cfb3',
    hair: { style: 'bob', color: '#3b2620' },
    eyes: '#3a2720',
    lips: '#c45a64',
    lipTone: 'painted',
    glasses: '#5a3d32',
    necklace: '#f1efe9',
    outer: { type: 'cardigan', color: '#7d6aa8' },
    inner: { type: 'knit', color: '#f6f1e7' },
    bottom: { type: 'trousers', color: '#3b3d4a' },
    iconBg: ['#ebe5f7', '#cfc4ea'],
  },
  {
    id: 'wangjingli',
    name: '王经理',
    sex: 1,
    style: 'business',
    suggestedVoice: 'zh-male',
    skin: '#e9bd98',
    hair: { style: 'short-neat', color: '#4a4443' },
    eyes: '#2e221c',
    lips: '#b57564',
    lipTone: 'natural',
    glasses: '#2b2b30',
    outer: { type: 'suit', color: '#3b4a5e' },
    inner: { type: 'shirt', color: '#dfeaf7' },
    tie: '#2f5d8c',
    bottom: { type: 'trousers', color: '#344256' },
    iconBg: ['#e2ebf4', '#bfd0e3'],
  },
];
