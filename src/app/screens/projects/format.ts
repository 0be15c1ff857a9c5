import type { ComposeStatus } from '../../../api/compose.contract';

const pad = (n: number) => String(n).padStart(2, '0');
const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : Number(n) || 0);

/** A video length as m:ss, or h:mm:ss from one hour on. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(finite(ms) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A file size in B, KB, MB or GB with one decimal from KB on. */
export function formatSize(bytes: number): string {
  const b = Math.max(0, finite(bytes));
  if (b < 1024) return `${Math.round(b)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = b / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** A timestamp (ms) as local YYYY-MM-DD HH:mm; '—' when there is none. */
export function formatDateTime(ms: number): string {
  const value = finite(ms);
  if (value <= 0) return '—';
  const d = new Date(value);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}`
  );
}

/** What a running render shows: whole percent, the page being rendered, seconds left. */
export interface ComposeProgress {
  percent: number;
  /** 1-based page being rendered and the page count, or null before the first page starts. */
  page: { x: number; y: number } | null;
  etaSeconds: number | null;
}

/** Progress of a composeStatus answer, with every number safe to print (no NaN, 0..100 percent). */
export function composeProgress(
  status: Pick<ComposeStatus, 'percent' | 'pagesDone' | 'pageCount' | 'etaSeconds' | 'status'> | null,
): ComposeProgress {
  if (!status) return { percent: 0, page: null, etaSeconds: null };
  const percent =
    status.status === 'done' ? 100 : Math.min(100, Math.max(0, Math.round(finite(status.percent))));
  const y = Math.max(0, Math.floor(finite(status.pageCount)));
  const x = Math.min(y, Math.max(1, Math.floor(finite(status.pagesDone)) + 1));
  const eta =
    status.etaSeconds === null || status.etaSeconds === undefined ? null : finite(status.etaSeconds);
  return {
    percent,
    page: y > 0 && status.status === 'rendering' ? { x, y } : null,
    etaSeconds: eta !== null && status.status === 'rendering' ? Math.max(0, Math.round(eta)) : null,
  };
}

/** A resolution such as 1920×1080, or '—' when unknown. */
export function formatResolution(width: number, height: number): string {
  const w = finite(width);
  const h = finite(height);
  return w > 0 && h > 0 ? `${w}×${h}` : '—';
}

/** The greeting of the hour: morning before 12, afternoon before 18, evening after. */
export function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

/** The editor address of a /protext or /prowav visit carrying ?videoid=N, else null. */
export function editorPathFor(search: string): string | null {
  const raw = new URLSearchParams(search).get('videoid');
  if (!raw || !/^\d+$/.test(raw.trim()) || Number(raw) <= 0) return null;
  return `/video?videoid=${Number(raw)}`;
}

/** The editor address of a project. */
export function editorPath(projectId: number): string {
  return `/video?videoid=${projectId}`;
}

/** A download file name for a video: the project name, made safe, plus .mp4. */
export function downloadName(projectName: string, jobId: number | null): string {
  const base = projectName.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '') || 'video';
  return `${base}${jobId ? `-${jobId}` : ''}.mp4`;
}
