import { batch, computed, signal } from '@preact/signals-react';
import { Code } from '../../api/envelope';
import type { ProjectListItem } from '../../api/project.contract';
import { migrateDocument, type ProjectDocument } from '../../model/project';
import type { TimedWord } from '../../model/speech';
import { pageClips, projectTimeline, timelineAudioPaths } from '../../model/project/projectTimeline';
import { resolveServerUrl } from '../config';
import { studioApi } from '../services/http';
import { timingsBeside } from './narrationPlayback';
import { loadTimings } from './editorTalk';

/*
 * /three 全片预览: the project being previewed (its saved draft), the lengths of its audio and
 * video files, and the project timeline built from them (src/model/project/projectTimeline.ts).
 * Playback itself lives in threePlayback.ts.
 */

/** The project on the stage: its id, name and saved document. */
export const threeProject = signal<{ id: number; name: string; doc: ProjectDocument } | null>(null);
/** True while the project or the lengths of its media are being read. */
export const threeLoading = signal(false);
/** Why the project could not be opened ('' when it could). */
export const threeError = signal('');
/** The user's projects, for the picker shown when /three has no projectId (null before loading). */
export const threeProjects = signal<ProjectListItem[] | null>(null);

/** Burn-in subtitles shown on the stage (starts as the project's own subtitle setting). */
export const threeSubtitles = signal(false);
/** Word timings of each narration clip (from its timings file), for the subtitle cues. */
export const clipWords = signal<Record<string, TimedWord[]>>({});

const audioLengths = signal<Record<string, number>>({});
const videoLengths = signal<Record<string, number>>({});

/** The whole project on one clock, once its media lengths are known; null without a project. */
export const threeTimeline = computed(() => {
  const p = threeProject.value;
  if (!p) return null;
  const audio = audioLengths.value;
  const video = videoLengths.value;
  return projectTimeline(p.doc, { audioMs: (path) => audio[path], videoMs: (path) => video[path] });
});

/** 1-based numbers of the pages that have no narration audio yet (played silently at their estimate). */
export const silentPages = computed(() =>
  (threeTimeline.value?.pages ?? []).filter((p) => p.silent).map((p) => p.at + 1),
);

/** 1-based numbers of the pages with some segments not yet spoken (those played silently). */
export const partialPages = computed(() =>
  (threeTimeline.value?.pages ?? []).filter((p) => p.partial).map((p) => p.at + 1),
);

// The project a load is for, so a slow answer for a project left behind is dropped.
let loadingId: number | null = null;

/** Opens project `id` on the stage: its saved draft, then the lengths of every clip and video. */
export async function openThreeProject(id: number): Promise<void> {
  loadingId = id;
  batch(() => {
    threeProject.value = null;
    threeError.value = '';
    threeLoading.value = true;
    audioLengths.value = {};
    videoLengths.value = {};
    clipWords.value = {};
  });
  try {
    // A refused project is shown in the page's own banner, so no toast repeats it.
    const res = await studioApi.projectDetail(id, {
      handles: [Code.notFound, Code.forbidden, Code.badRequest],
    });
    if (loadingId !== id) return;
    const data = res.data!;
    const parsed = migrateDocument(data.detail || { projectName: data.name });
    if (!parsed.ok) throw new Error(parsed.error);
    const doc = parsed.value;
    const [audio, video, words] = await Promise.all([audioLengthsOf(doc), videoLengthsOf(doc), wordsOf(doc)]);
    if (loadingId !== id) return;
    batch(() => {
      audioLengths.value = audio;
      clipWords.value = words;
      threeSubtitles.value = doc.subtitle === 1;
      videoLengths.value = video;
      threeProject.value = { id, name: data.name || doc.projectName, doc };
    });
  } catch (error) {
    if (loadingId === id) threeError.value = error instanceof Error && error.message ? error.message : '';
    if (loadingId === id && !threeError.value) threeError.value = '项目无法打开';
  } finally {
    if (loadingId === id) threeLoading.value = false;
  }
}

/** Forgets the project on the stage (leaving /three). */
export function closeThreeProject(): void {
  loadingId = null;
  batch(() => {
    threeProject.value = null;
    threeError.value = '';
    threeLoading.value = false;
  });
}

/** Loads the user's projects for the picker (newest first, as the server lists them). */
export async function loadThreeProjects(): Promise<void> {
  try {
    const res = await studioApi.listProjects({ pageIndex: 1, pageSize: 100 });
    threeProjects.value = res.data?.list ?? [];
  } catch {
    threeProjects.value = [];
  }
}

// Each clip's length: the timings file beside it says it exactly; the page's soundTime, or the
// file's own metadata, when there is no timings file.
async function audioLengthsOf(doc: ProjectDocument): Promise<Record<string, number>> {
  const soundTimes = new Map<string, number>();
  for (const page of doc.ppt.pages)
    for (const clip of pageClips(page))
      if (clip.segment < 0 && page.soundTime > 0) soundTimes.set(clip.path, page.soundTime * 1000);
  const entries = await Promise.all(
    timelineAudioPaths(doc).map(async (path) => {
      const timings = await loadTimings(timingsBeside(path));
      const ms = timings?.durationMs ?? soundTimes.get(path) ?? (await mediaMs('audio', path));
      return [path, ms] as const;
    }),
  );
  return Object.fromEntries(entries.filter(([, ms]) => ms > 0));
}

// Word timings from the same (cached) timings files; clips without them get proportional lines.
async function wordsOf(doc: ProjectDocument): Promise<Record<string, TimedWord[]>> {
  const entries = await Promise.all(
    timelineAudioPaths(doc).map(
      async (path) => [path, (await loadTimings(timingsBeside(path)))?.words ?? []] as const,
    ),
  );
  return Object.fromEntries(entries);
}

async function videoLengthsOf(doc: ProjectDocument): Promise<Record<string, number>> {
  const paths = [...new Set(doc.ppt.pages.filter((p) => p.isVideo === 1 && p.video).map((p) => p.video))];
  const entries = await Promise.all(paths.map(async (path) => [path, await mediaMs('video', path)] as const));
  return Object.fromEntries(entries.filter(([, ms]) => ms > 0));
}

/** A media file's duration in ms from its metadata (0 when it cannot be read within 15 s). */
function mediaMs(kind: 'audio' | 'video', path: string): Promise<number> {
  return new Promise((resolve) => {
    const el = document.createElement(kind);
    const done = (ms: number) => {
      clearTimeout(timer);
      el.removeAttribute('src');
      resolve(ms);
    };
    const timer = setTimeout(() => done(0), 15_000);
    el.preload = 'metadata';
    el.onloadedmetadata = () => done(Number.isFinite(el.duration) ? el.duration * 1000 : 0);
    el.onerror = () => done(0);
    el.src = resolveServerUrl(path);
  });
}
