import { z } from 'zod';
import { defineEndpoint, envelopeOf, noFields } from './endpoint';

/*
 * /demo 示例项目: ready-made example projects a user copies into their own projects. The spec shows
 * no endpoint for them, so the paths follow its /virtual/v1/<area>/<verb> pattern.
 */

export const demoMessages = {
  notFound: '示例不存在',
  copied: '已复制到我的项目',
} as const;

/** POST /virtual/v1/demo/list: every example, in display order. */
export const demoListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/demo/list',
  request: noFields,
  response: envelopeOf<DemoItem[]>(),
});

/** One example as the /demo cards show it. */
export interface DemoItem {
  id: string;
  title: string;
  /** One line saying what the example shows. */
  description: string;
  /** distinguishability: 1 landscape, 2 portrait. */
  orientation: 1 | 2;
  presenterName: string;
  /** Presenter cover picture and full-body picture (library URLs). */
  presenterIcon: string;
  presenterImage: string;
  voiceName: string;
  sceneName: string;
  /** Scene thumbnail (library URL). */
  sceneThumb: string;
  pageCount: number;
  /** Estimated video length in minutes (0.14 s per narration character), one decimal. */
  minutes: number;
  /** Short labels such as 教学课件. */
  tags: string[];
  /** The first page's narration, shown as a teaser. */
  excerpt: string;
  /** Page headings in order. */
  outline: string[];
  /** Accent colour of the example's slides (hex). */
  accent: string;
}

/** POST /virtual/v1/demo/copy: copies an example into the caller's projects; data is the new project id. */
export const demoCopyRequest = z.object({
  demoId: z.string().trim().min(1, demoMessages.notFound).max(64),
});
export const demoCopyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/demo/copy',
  request: demoCopyRequest,
  response: envelopeOf<number>(),
});
