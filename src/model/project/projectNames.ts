/** Project kinds of userPro (spec 3): 3 text video and helper tool, 2 voice video. */
export const PRO_KIND = { text: 3, helper: 3, voice: 2 } as const;
export type ProjectKind = keyof typeof PRO_KIND;

/** Fixed fields of userPro/add (spec 3): distinguishability 2, type 2, original 1. */
export const NEW_PROJECT_FIELDS = { distinguishability: 2, type: 2, original: 1 } as const;

/** Longest project name the server accepts (project.contract.ts says 项目名称不能超过100个字符). */
export const PROJECT_NAME_MAX = 100;

/** Labels of auto names (spec 9). */
export const PROJECT_LABELS: Record<ProjectKind, string> = {
  text: '文字视频',
  voice: '语音视频',
  helper: '助手工具',
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Auto project name: label + local time as YYYYMMDDHHmmss, e.g. 文字视频20261122112005. The compact
 * form keeps names short in the project list and sorts by creation time.
 */
export function autoProjectName(kind: ProjectKind, now: Date): string {
  const stamp =
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${PROJECT_LABELS[kind]}${stamp}`;
}

/** The body of userPro/add for a new project of this kind. */
export function newProjectRequest(kind: ProjectKind, now: Date) {
  return { name: autoProjectName(kind, now), proKind: PRO_KIND[kind], ...NEW_PROJECT_FIELDS };
}
