import type { ProjectDocument } from './documentSchema';
import { err, ok, type Result } from './result';
import { updatePage } from './updatePage';
import { messages } from './messages';
import { HAS_VIDEO, NO_VIDEO, SOUND_MUTED, SOUND_ON } from './constants';
import type { Page } from './pageSchema';
import { docCommand } from './docCommand';

/*
 * Page video commands (spec 4 "Page video"). Removing the file on the server (resDelete) is the
 * caller's job; these only change the document.
 */

/** True when the page carries a video (isVideo 1; 2 and 0 both mean none). */
export function hasVideo(page: Page): boolean {
  return page.isVideo === HAS_VIDEO && page.video !== '';
}

/** Attaches an uploaded video to page `at`: video, videoid, isVideo 1, sound on. */
export const attachVideo = docCommand({
  name: 'attachVideo',
  perform(doc: ProjectDocument, at: number, video: { path: string; resId: string }): Result<ProjectDocument> {
    return updatePage(doc, at, (page) =>
      ok({ ...page, video: video.path, videoid: video.resId, isVideo: HAS_VIDEO, isSound: SOUND_ON }),
    );
  },
});

/** Removes the page video (isVideo 0); 未上传视频 when there is none. */
export const deleteVideo = docCommand({
  name: 'deleteVideo',
  perform(doc: ProjectDocument, at: number): Result<ProjectDocument> {
    return updatePage(doc, at, (page) =>
      hasVideo(page) ? ok({ ...page, video: '', videoid: '', isVideo: NO_VIDEO }) : err(messages.noVideo),
    );
  },
});

/** 视频静音: isSound 2, with the notice 已禁用当前视频声音 (the spec shows it in error style). */
export const muteVideo = docCommand({
  name: 'muteVideo',
  perform(doc: ProjectDocument, at: number): Result<ProjectDocument> {
    return updatePage(doc, at, (page) =>
      hasVideo(page) ? ok({ ...page, isSound: SOUND_MUTED }, messages.videoMuted) : err(messages.noVideo),
    );
  },
});

/** 开启声音: isSound 1, with the notice 已开启当前视频声音. */
export const unmuteVideo = docCommand({
  name: 'unmuteVideo',
  perform(doc: ProjectDocument, at: number): Result<ProjectDocument> {
    return updatePage(doc, at, (page) =>
      hasVideo(page) ? ok({ ...page, isSound: SOUND_ON }, messages.videoUnmuted) : err(messages.noVideo),
    );
  },
});
