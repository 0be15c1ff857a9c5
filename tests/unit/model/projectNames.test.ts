import { describe, expect, it } from 'vitest';
import { autoProjectName, newProjectRequest, PRO_KIND } from '../../../src/model/project';

describe('auto project names (spec 9) and proKind (spec 3)', () => {
  const now = new Date(2026, 0, 5, 9, 7, 3); // local time

  it('label + YYYYMMDDHHmmss', () => {
    expect(autoProjectName('text', now)).toBe('文字视频20260105090703');
    expect(autoProjectName('voice', now)).toBe('语音视频20260105090703');
    expect(autoProjectName('helper', now)).toBe('助手工具20260105090703');
  });

  it('proKind 3 for text video and helper tool, 2 for voice video', () => {
    expect(PRO_KIND).toEqual({ text: 3, helper: 3, voice: 2 });
  });

  it('new projects are sent with distinguishability 2, type 2, original 1', () => {
    expect(newProjectRequest('voice', now)).toEqual({
      name: '语音视频20260105090703',
      proKind: 2,
      distinguishability: 2,
      type: 2,
      original: 1,
    });
  });
});
