import { describe, expect, it } from 'vitest';
import { pageAudio } from '../../../../src/server/video/layers/pageAudio';

describe('page audio', () => {
  it('plays the narration clips in order, padded', () => {
    expect(pageAudio(2, 3, null)).toEqual(['[3:a][4:a]concat=n=2:v=0:a=1,aresample=48000,apad[a]']);
  });

  it('is silence without narration', () => {
    expect(pageAudio(0, 5, null)).toEqual(['anullsrc=r=48000:cl=stereo[a]']);
  });

  it('mixes the video sound beneath the narration at exact gains', () => {
    expect(pageAudio(1, 5, 4)).toEqual([
      '[5:a]concat=n=1:v=0:a=1,aresample=48000,apad,aformat=sample_fmts=fltp:channel_layouts=stereo[n]',
      '[4:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=0.35,apad[va]',
      '[n][va]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[a]',
    ]);
  });
});
