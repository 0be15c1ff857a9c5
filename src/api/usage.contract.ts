import { z } from 'zod';

/*
 * Deleting something projects still use (a custom scene, background music, an own presenter, a
 * private voice) is refused with code 409 and the projects that use it, unless the request says
 * `force`: the editor names them and asks before sending it again.
 */

/** A project that uses an asset being deleted. */
export interface UsingProject {
  id: number;
  name: string;
}

/** The data of a 409 refusal of a delete. */
export interface InUseData {
  projects: UsingProject[];
}

/** `force` of a delete request: true, 1, '1' or 'true' delete even when projects use the asset. */
export const forceField = z
  .unknown()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
  .optional();

const MAX_NAMED = 5;

export const usageMessages = {
  /**
   * '该背景正在被 2 个项目使用：《周会》《产品介绍》。删除后这些项目需要重新选择背景才能合成，确定删除吗？';
   * `after` says what deleting does to them where it is not that (a sticker leaves their pages).
   */
  inUse: (what: string, projects: UsingProject[], after = `删除后这些项目需要重新选择${what}才能合成`) => {
    const names = projects
      .slice(0, MAX_NAMED)
      .map((p) => `《${p.name}》`)
      .join('');
    const more = projects.length > MAX_NAMED ? ` 等` : '';
    return `该${what}正在被 ${projects.length} 个项目使用：${names}${more}。${after}，确定删除吗？`;
  },
} as const;

/** True when a refusal's data lists the projects that use the asset. */
export function isInUseData(data: unknown): data is InUseData {
  return typeof data === 'object' && data !== null && Array.isArray((data as InUseData).projects);
}
