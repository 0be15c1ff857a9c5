import { describe, expect, it } from 'vitest';
import { pageAudio } from '../../../../src/server/video/layers/pageAudio';

describe('page audio', () => {
  it('plays the narration clips in order, each padded to its length on the page, then padded', () => {
    expect(pageAudio([1040, 2000], 3, null)).toEqual([
      '[3:a]aresample=48000,apad=whole_len=49920,atrim=end_sample=49920[c0]',
      '[4:a]aresample=48000,apad=whole_len=96000,atrim=end_sample=96000[c1]',
      '[c0][c1]concat=n=2:v=0:a=1,apad[a]',
    ]);
  });

  it('pads a single clip without a concat', () => {
    expect(pageAudio([40], 1, null)).toEqual([
      '[1:a]aresample=48000,apad=whole_len=1920,atrim=end_sample=1920,apad[a]',
    ]);
  });

  it('is silence without narration', () => {
    expect(pageAudio([], 5, null)).toEqual(['anullsrc=r=48000:cl=stereo[a]']);
  });

  it('mixes the video sound beneath the narration at exact gains', () => {
    expect(pageAudio([1000], 5, 4, 'pa0')).toEqual([
      '[5:a]aresample=48000,apad=whole_len=48000,atrim=end_sample=48000,apad,aformat=sample_fmts=fltp:channel_layouts=stereo[npa0]',
      '[4:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=0.35,apad[vapa0]',
      '[npa0][vapa0]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[pa0]',
    ]);
  });
});
