import { EXPORT_FRAME, type ProjectDocument } from '../../model/project';
import type { FileStore } from '../adapters/files';
import type { LibraryService } from '../services/library.service';
import type { PresenterService } from '../services/presenter.service';
import { JobFailure } from '../services/jobRunner';
import { RenderAssets } from './assets';
import type { OwnPresenterMotion } from './planTypes';
import { backgroundMusic, ownPresenter, pageVideos } from './renderInputs';
import { planPages } from './renderPlan';
import type { PagePlan } from './planTypes';
import { slideAspects } from './shotPartFiles';

/** What resolving a document's inputs needs. */
export interface RenderSources {
  files: FileStore;
  library: LibraryService;
  /** Users' own presenters (我的数字人); without it only built-in presenters render. */
  presenters?: Pick<PresenterService, 'renderFiles'>;
}

/** A document turned into page plans, every file it names found and probed. */
export interface PreparedRender {
  plans: PagePlan[];
  music: string | null;
  own: { motion?: OwnPresenterMotion } | undefined;
}

/** Names for the files a document refers to, so a missing one is reported as the user knows it. */
function labels(doc: ProjectDocument): Map<string, string> {
  const names = new Map<string, string>();
  if (doc.scene.path) names.set(doc.scene.path, '背景图片');
  if (doc.scene.icon) names.set(doc.scene.icon, '背景图片');
  for (const page of doc.ppt.pages) if (page.img) names.set(page.img, `第${page.index}页的幻灯片图片`);
  return names;
}

/**
 * Resolves every input of a render: presenter, background, slides, page videos, narration audio,
 * stickers and music. Throws a JobFailure naming the page and the asset for anything missing or
 * unreadable; run before points are charged (compose) and again by the job itself.
 */
export async function prepareRender(
  doc: ProjectDocument,
  ownerId: number,
  sources: RenderSources,
): Promise<PreparedRender> {
  const assets = new RenderAssets(sources.files, sources.library, ownerId);
  await assets.fetch(doc);
  const frame = EXPORT_FRAME[doc.distinguishability];
  if (!doc.character.uuid) throw new JobFailure('人物未选择');
  const own = await ownPresenter(doc.character.uuid, ownerId, sources.presenters);
  const rig = own?.rig ?? assets.rig(doc.character.uuid);
  const names = labels(doc);
  const resolve = (url: string) => assets.file(url, names.get(url));
  const aspects = await slideAspects(doc, resolve);
  const videos = await pageVideos(doc, assets);
  const music = await backgroundMusic(doc, assets);
  const plans = planPages(
    doc,
    frame,
    rig,
    resolve,
    (page) => {
      const clips = page.childList.filter((c) => c.tts);
      if (clips.length)
        return clips.map((c) => ({
          ...assets.audio(c.tts, page.index),
          text: c.ttsText,
          isScale: c.isScale,
        }));
      // Uploaded or recorded narration has no text; its transcribed words (if any) are the subtitles.
      const audio = assets.audio(page.tts, page.index);
      return [{ ...audio, text: page.text || joinWords(audio.words ?? []) }];
    },
    (file) => aspects.get(file),
    (page) => videos.get(page.index) ?? null,
    (texture, page) => assets.sticker(texture.path, page.index),
  );
  if (!plans.length) throw new JobFailure('项目没有页面');
  if (own?.motion) for (const plan of plans) plan.character.own = own.motion;
  if (music) for (const plan of plans) plan.silent = true;
  return { plans, music, own };
}

/** Transcribed segments as one text: Latin segments keep a space between them, Chinese ones not. */
function joinWords(words: { text: string }[]): string {
  return words.reduce((text, w) => {
    const gap = /[A-Za-z0-9]$/.test(text) && /^[A-Za-z0-9]/.test(w.text) ? ' ' : '';
    return text + gap + w.text;
  }, '');
}
