import { describe, expect, it } from 'vitest';
import {
  hasPageAudio,
  removePageAudio,
  setPageAudio,
  switchToVoiceMode,
  validateForSynthesis,
} from '../../../src/model/project';
import { must, readyDocument } from './fixtures';

describe('page audio of voice pages (删除音频)', () => {
  const voice = must(switchToVoiceMode(readyDocument(), 1));
  const withAudio = must(setPageAudio(voice, 1, { path: '/files/u/1/audio/a.wav', soundTime: 2.5 }));

  it('knows when a voice page has its audio', () => {
    expect(hasPageAudio(voice, 1)).toBe(false);
    expect(hasPageAudio(withAudio, 1)).toBe(true);
    expect(hasPageAudio(withAudio, 0)).toBe(false); // a text page
    expect(hasPageAudio(withAudio, 9)).toBe(false);
  });

  it('removes the audio, its length and the page time, keeping voice mode', () => {
    const removed = must(removePageAudio({ ...withAudio }, 1));
    expect(removed.ppt.pages[1]).toMatchObject({ istts: 1, tts: '', soundTime: 0, formattedTime: '0' });
    expect(removed.totalTime).toBeCloseTo(withAudio.totalTime - 2.5, 2);
    expect(removed.ppt.pages[0]).toEqual(withAudio.ppt.pages[0]);
    const check = validateForSynthesis(removed, { continueWithoutPdf: true });
    expect(check.ok ? '' : check.error).toBe('第2页未上传音频');
  });

  it('leaves text pages and voice pages without audio unchanged', () => {
    expect(must(removePageAudio(withAudio, 0))).toBe(withAudio);
    expect(must(removePageAudio(voice, 1))).toBe(voice);
  });

  it('refuses a page that does not exist', () => {
    expect(removePageAudio(withAudio, 5)).toMatchObject({ ok: false, error: '页面不存在' });
    expect(removePageAudio(withAudio, 0.5).ok).toBe(false);
  });
});
