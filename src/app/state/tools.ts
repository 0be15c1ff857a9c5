import { batch, computed, signal } from '@preact/signals-react';
import type { CharacterItem, SceneItem, VoiceItem } from '../../api/library.contract';
import type { SpeechData, SpeechTimings } from '../../api/speech.contract';
import { splitScript } from '../../model/project';
import type { MouthCue } from '../../model/speech';
import { resolveServerUrl } from '../config';
import { studioApi } from '../services/http';
import { invalidateLibrary, libraryItems } from './libraryCache';
import { VOICE_READY } from './library';
import { showMessage } from './messages';
import { speakWithVoice, VoiceTaskFailed } from './voiceTasks';

/*
 * Helper tools (/helptool) and the presenter gallery (/virtual). Components read these signals and
 * call the actions; nothing here touches the DOM except the one localStorage entry below.
 */

// ---- speech without a project ---------------------------------------------------------------

/** Text-to-speech for the tools: it belongs to no project, only to the signed-in user. */
async function helperSpeech(timbreId: string, text: string): Promise<SpeechData> {
  const res = await studioApi.textToSpeech({ timbreId, text });
  if (!res.data?.soundPath) throw new Error('no audio');
  return res.data;
}

// ---- library lists for the pickers ---------------------------------------------------------------

export const toolCharacters = signal<CharacterItem[]>([]);
export const toolScenes = signal<SceneItem[]>([]);
export const toolVoices = signal<VoiceItem[]>([]);
export const toolLibraryState = signal<'idle' | 'loading' | 'ready' | 'failed'>('idle');

/**
 * Loads presenters, scenes (both orientations) and voices once, and picks the defaults. The
 * user's own presenters and ready private voices follow the built-in ones, as in the editor.
 */
export async function loadToolLibrary(force = false): Promise<void> {
  const state = toolLibraryState.value;
  if (!force && (state === 'loading' || state === 'ready')) return;
  toolLibraryState.value = 'loading';
  if (force) invalidateLibrary();
  try {
    const [chars, own, land, port, voices, mine] = await Promise.all([
      libraryItems('characters', 1),
      libraryItems('characters', 2),
      libraryItems('scenes', 1),
      libraryItems('scenes', 2),
      libraryItems('voices', 1),
      libraryItems('voices', 2),
    ]);
    batch(() => {
      toolCharacters.value = [...chars, ...own];
      toolScenes.value = [...land, ...port];
      toolVoices.value = [...voices, ...mine.filter((v) => v.pthStatus === VOICE_READY)];
      toolLibraryState.value = 'ready';
      pickDefaults();
    });
  } catch {
    toolLibraryState.value = 'failed';
  }
}

/** Defaults of 一键成片: first presenter, its suggested voice, first landscape scene. */
function pickDefaults(): void {
  const first = toolCharacters.value[0] ?? null;
  if (!pickedCharacter.value && first) pickCharacter(first);
  if (!pickedScene.value) pickedScene.value = toolScenes.value.find((s) => s.sizeType === 1) ?? null;
  if (!pickedVoice.value) pickedVoice.value = toolVoices.value[0] ?? null;
  if (!ttsVoiceId.value) ttsVoiceId.value = toolVoices.value[0]?.id ?? '';
}

// ---- 一键成片 ----------------------------------------------------------------------------------

export const scriptText = signal('');
/** The pages the script becomes, recomputed as the author types. */
export const scriptPages = computed(() => splitScript(scriptText.value));
export const pickedCharacter = signal<CharacterItem | null>(null);
export const pickedScene = signal<SceneItem | null>(null);
export const pickedVoice = signal<VoiceItem | null>(null);
export const scriptCreating = signal(false);

/** Chooses a presenter and switches to its suggested voice (as the editor does for a new project). */
export function pickCharacter(c: CharacterItem): void {
  batch(() => {
    pickedCharacter.value = c;
    const suggested = toolVoices.value.find((v) => v.id === c.timbreInfo);
    if (suggested) pickedVoice.value = suggested;
  });
}

// ---- 文字转语音 --------------------------------------------------------------------------------

export const ttsText = signal('');
export const ttsVoiceId = signal('');
/** 0 all, 1 male, 2 female. */
export const ttsSex = signal<0 | 1 | 2>(0);
export const ttsBusy = signal(false);
export interface TtsResult {
  url: string;
  seconds: number;
  text: string;
  voiceName: string;
}
export const ttsResult = signal<TtsResult | null>(null);
export const ttsVoices = computed(() =>
  toolVoices.value.filter((v) => ttsSex.value === 0 || (ttsSex.value === 1 ? v.sex === 1 : v.sex !== 1)),
);

/**
 * 生成: speaks the text with the chosen voice (a private one through its polled task); the result
 * is shown with a player.
 */
export async function runTextToSpeech(): Promise<void> {
  const text = ttsText.value.trim();
  const voice = toolVoices.value.find((v) => v.id === ttsVoiceId.value);
  if (ttsBusy.value || !text || !voice) return;
  ttsBusy.value = true;
  try {
    const data = await speakWithVoice(voice, text, undefined);
    ttsResult.value = {
      url: resolveServerUrl(data.soundPath),
      seconds: data.soundTime,
      text,
      voiceName: voice.show_name,
    };
  } catch (error) {
    // The client showed the server's message; a failed private-voice task reports its reason here.
    if (error instanceof VoiceTaskFailed) showMessage('error', error.message);
  } finally {
    ttsBusy.value = false;
  }
}

// ---- 数字人形象库 ------------------------------------------------------------------------------

export const GALLERY_PAGE_SIZE = 12;
export const gallery = {
  items: signal<CharacterItem[]>([]),
  count: signal(0),
  page: signal(0),
  loading: signal(false),
  failed: signal(false),
};
export const galleryDone = computed(
  () => gallery.page.value > 0 && gallery.items.value.length >= gallery.count.value,
);

/** Loads the next page of presenters (or the first, with `reset`). */
export async function loadGallery(reset = false): Promise<void> {
  if (gallery.loading.value || (!reset && galleryDone.value)) return;
  const pageIndex = reset ? 1 : gallery.page.value + 1;
  gallery.loading.value = true;
  try {
    const res = await studioApi.listCharacters({ pageIndex, pageSize: GALLERY_PAGE_SIZE, isPublic: 1 });
    const list = res.data?.list ?? [];
    batch(() => {
      const known = reset ? [] : gallery.items.value;
      const ids = new Set(known.map((c) => c.id));
      gallery.items.value = [...known, ...list.filter((c) => !ids.has(c.id))];
      gallery.count.value = list.length === 0 ? gallery.items.value.length : (res.data?.count ?? 0);
      gallery.page.value = pageIndex;
      gallery.failed.value = false;
    });
  } catch {
    gallery.failed.value = true;
  } finally {
    gallery.loading.value = false;
  }
}

/** The user's own usable presenters (我的数字人), shown after the built-in ones. */
export const ownGallery = signal<CharacterItem[]>([]);

/** Loads the user's own presenters for the gallery (one page: a person has a handful). */
export async function loadOwnGallery(): Promise<void> {
  try {
    ownGallery.value = await libraryItems('characters', 2, { quiet: true });
  } catch {
    ownGallery.value = [];
  }
}

/** What the gallery's ▶ 试听 plays: the greeting audio and its mouth-shape timeline. */
export interface TalkingPreview {
  audioUrl: string;
  timeline: MouthCue[];
}

/** The greeting a presenter speaks in the gallery. */
export function greetingFor(c: Pick<CharacterItem, 'name'>): string {
  return `大家好，我是${c.name}，很高兴成为你的数字人讲解员。`;
}

const previews = new Map<string, Promise<TalkingPreview>>();

/** Synthesises (once per presenter) the greeting in its suggested voice and fetches the timings. */
export function talkingPreview(c: CharacterItem): Promise<TalkingPreview> {
  const known = previews.get(c.id);
  if (known) return known;
  const made = (async () => {
    const voice = c.timbreInfo || toolVoices.value[0]?.id || 'espeak-zh-female';
    const data = await helperSpeech(voice, greetingFor(c));
    let timeline: MouthCue[] = [];
    if (data.timingsPath) {
      const timings = (await fetch(resolveServerUrl(data.timingsPath)).then((r) =>
        r.ok ? r.json() : null,
      )) as SpeechTimings | null;
      timeline = (timings?.mouth ?? []) as MouthCue[];
    }
    return { audioUrl: resolveServerUrl(data.soundPath), timeline };
  })();
  previews.set(c.id, made);
  made.catch(() => previews.delete(c.id));
  return made;
}

/** The presenter whose preview is loading or playing, and which of the two. */
export const previewId = signal<string | null>(null);
export const previewState = signal<'idle' | 'loading' | 'playing'>('idle');
/** What makes the previewed presenter talk on its stage: the timeline and the audio clock. */
export const previewTalk = signal<{ timeline: MouthCue[]; clockMs(): number } | null>(null);
