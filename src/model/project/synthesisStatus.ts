import type { ProjectDocument } from './documentSchema';
import { pageSeconds, totalMinutes } from './narrationRules';

/** Row status of the synthesis list (spec 4). */
export type SynthesisStatus = 'processing' | 'failed' | 'success';

/** The labels the list shows for each status. */
export const SYNTHESIS_STATUS_LABELS: Record<SynthesisStatus, string> = {
  processing: '处理中',
  failed: '失败',
  success: '成功',
};

/** Status from an audio reference: '' failed, a '/' path success, anything else a task still processing. */
export function synthesisStatus(tts: string): SynthesisStatus {
  if (tts === '') return 'failed';
  return tts.startsWith('/') ? 'success' : 'processing';
}

export interface SynthesisRow {
  /** 1-based page number. */
  index: number;
  seconds: number;
  status: SynthesisStatus;
}

/** The rows of the synthesis list: page number, duration in seconds, status. A page is as ready as
 * its least ready audio: the page audio and every child segment's audio. */
export function synthesisRows(doc: ProjectDocument): SynthesisRow[] {
  return doc.ppt.pages.map((page, i) => {
    const refs = [page.tts, ...page.childList.map((c) => c.tts)];
    const statuses = refs.map(synthesisStatus);
    const status: SynthesisStatus = statuses.includes('failed')
      ? 'failed'
      : statuses.includes('processing')
        ? 'processing'
        : 'success';
    return { index: i + 1, seconds: pageSeconds(page), status };
  });
}

/** True when 确定 may be enabled: every row succeeded. */
export function allSynthesised(rows: readonly SynthesisRow[]): boolean {
  return rows.length > 0 && rows.every((r) => r.status === 'success');
}

/** Total of the list in minutes with 2 decimals. */
export const synthesisTotalMinutes = totalMinutes;
