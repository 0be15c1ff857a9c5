import { Code } from '../../api/envelope';
import { projectMessages } from '../../api/project.contract';
import { ApiError } from '../http/envelope';

/** Validates a saved userProjectInfo document and returns its canonical JSON text. */
export function normaliseDocument(raw: unknown): { json: string; name?: string } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ApiError(Code.badRequest, projectMessages.badDocument);
  }
  const name = (raw as { projectName?: unknown }).projectName;
  return {
    json: JSON.stringify(raw),
    name: typeof name === 'string' && name.trim() ? name.trim() : undefined,
  };
}

const LABELS: Record<number, string> = { 2: '语音视频', 3: '文字视频' };

/** Spec section 9: a fixed label plus the timestamp, e.g. 文字视频20261122143005. */
export function autoProjectName(proKind: number, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp =
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${LABELS[proKind] ?? '文字视频'}${stamp}`;
}
