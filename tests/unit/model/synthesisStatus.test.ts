import { describe, expect, it } from 'vitest';
import {
  allSynthesised,
  newDocument,
  newPage,
  synthesisRows,
  synthesisStatus,
  SYNTHESIS_STATUS_LABELS,
  withPages,
} from '../../../src/model/project';

describe('synthesis list row status (spec 4)', () => {
  it('empty is 失败, a task id is 处理中, a path starting with / is 成功', () => {
    expect(synthesisStatus('')).toBe('failed');
    expect(synthesisStatus('task-8f2a')).toBe('processing');
    expect(synthesisStatus('/files/tts/1.wav')).toBe('success');
    expect(SYNTHESIS_STATUS_LABELS).toEqual({ processing: '处理中', failed: '失败', success: '成功' });
  });

  it('rows: page number, seconds, the least ready of page and segment audio', () => {
    const seg = (tts: string) => ({ ttsText: 'x', tts, mouthVideo: '', isScale: 1 as const, index: 1 });
    const doc = withPages(newDocument(), [
      newPage({ tts: '/a/1.wav', soundTime: 4.5 }),
      newPage({ tts: '/a/2.wav', childList: [seg('/a/2a.wav'), seg('task-1')] }),
      newPage({ tts: '', text: '字'.repeat(10) }),
    ]);
    const rows = synthesisRows(doc);
    expect(rows).toEqual([
      { index: 1, seconds: 4.5, status: 'success' },
      { index: 2, seconds: 0, status: 'processing' },
      { index: 3, seconds: 1.4, status: 'failed' },
    ]);
    expect(allSynthesised(rows)).toBe(false);
    expect(allSynthesised(rows.slice(0, 1))).toBe(true);
    expect(allSynthesised([])).toBe(false);
  });
});
