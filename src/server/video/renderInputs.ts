import { isOwnPresenterId } from '../../api/presenter.contract';
import { hasVideo, type ProjectDocument } from '../../model/project';
import { probe } from '../adapters/media/ffmpeg';
import { JobFailure } from '../services/jobRunner';
import type { PresenterService } from '../services/presenter.service';
import type { RenderAssets } from './assets';
import type { OwnPresenterMotion } from './planTypes';
import type { PageVideoFile, RigFiles } from './planTypes';

/*
 * The render's inputs beyond the page plans: a user's own presenter, the page videos as probed
 * and the background music, each checked before any page is rendered so a bad asset fails the job
 * at once with a clear reason.
 */

/**
 * The render files of a user's own presenter, or undefined for a built-in one. Kind 1 is a sprite
 * rig like the built-ins; kinds 2 and 3 render a transparent stand-in rig plus their own motion.
 */
export async function ownPresenter(
  characterId: string,
  ownerId: number,
  presenters: Pick<PresenterService, 'renderFiles'> | undefined,
): Promise<{ rig: RigFiles; motion?: OwnPresenterMotion } | undefined> {
  if (!isOwnPresenterId(characterId)) return undefined;
  const own = presenters ? await presenters.renderFiles(characterId, ownerId) : null;
  if (!own) throw new JobFailure('所选数字人不存在或尚未处理完成，请重新选择数字人');
  if (own.kind === 1) return { rig: own.rig };
  if (own.kind === 2) return { rig: own.standIn, motion: { kind: 2, video: own.video, keying: own.keying } };
  return { rig: own.standIn, motion: { kind: 3, picture: own.picture } };
}

/** Probes the video of every page that has one (isVideo 1), by page index. */
export async function pageVideos(
  doc: ProjectDocument,
  assets: RenderAssets,
): Promise<Map<number, PageVideoFile>> {
  const found = new Map<number, PageVideoFile>();
  for (const page of doc.ppt.pages) {
    if (!hasVideo(page)) continue;
    const file = assets.file(page.video, `第${page.index}页的视频`);
    const info = await probe(file).catch(() => null);
    const stream = info?.streams.find((s) => s.type === 'video' && (s.width ?? 0) > 0);
    if (!info || !stream || !(info.durationMs > 0)) throw new JobFailure(`第${page.index}页的视频无法读取`);
    found.set(page.index, {
      file,
      durationMs: info.durationMs,
      aspect: (stream.width ?? 1) / (stream.height ?? 1),
      hasAudio: info.streams.some((s) => s.type === 'audio'),
    });
  }
  return found;
}

/** The document's background music file (owner-checked, must hold audio), or null when none. */
export async function backgroundMusic(doc: ProjectDocument, assets: RenderAssets): Promise<string | null> {
  if (!doc.bgMusic) return null;
  const file = assets.file(doc.bgMusic, '背景音乐');
  const info = await probe(file).catch(() => null);
  if (!info?.streams.some((s) => s.type === 'audio') || !(info.durationMs > 0))
    throw new JobFailure('背景音乐无法读取，请重新选择背景音乐');
  return file;
}
