import { batch, computed, signal } from '@preact/signals-react';
import type { CharacterItem, SceneItem, VoiceItem } from '../../api/library.contract';
import { projectMessages } from '../../api/project.contract';
import type { SpeechData, SpeechTimings } from '../../api/speech.contract';
import { PRO_KIND, splitScript } from '../../model/project';
import type { MouthCue } from '../../model/speech';
import { resolveServerUrl } from '../config';
import { studioApi } from '../services/http';
import { user } from './session';

/*
 * Helper tools (/helptool) and the presenter gallery (/virtual). Components read these signals and
 * call the actions; nothing here touches the DOM except the one localStorage entry below.
 */

// ---- the helper project ------------------------------------------------------------------------

/** Name of the project that owns helper-tool speech (TTS needs a project; spec 7 textToSpeech). */
export const HELPER_PROJECT_NAME = '文字转语音';
const HELPER_KEY = 'ps.tools.helperProject';
let helperLookup: { user: number; id: Promise<number> } | null = null;

function helperKey(): string {
  return `${HELPER_KEY}.${user.value?.userId ?? 0}`;
}

function storedHelper(): number {
  try {
    return Number(localStorage.getItem(helperKey())) || 0;
  } catch {
    return 0;
  }
}

/**
 * The id of the user's 文字转语音 project: the one remembered in localStorage (checked once per
 * session, it may have been deleted in 我的项目), else one found by name (made in another browser),
 * else a new one. Concurrent callers share one lookup, so only one project is ever created.
 */
export function helperProjectId(): Promise<number> {
  const me = user.value?.userId ?? 0;
  if (helperLookup?.user !== me) {
    const lookup = resolveHelperProject();
    helperLookup = { user: me, id: lookup };
    lookup.catch(() => {
      if (helperLookup?.id === lookup) helperLookup = null;
    });
  }
  return helperLookup.id;
}

async function resolveHelperProject(): Promise<number> {
  const stored = storedHelper();
  if (stored > 0) {
    const alive = await studioApi.projectDetail(stored, { quiet: true }).then(
      () => true,
      () => false,
    );
    if (alive) return stored;
  }
  const id = (await findHelperProject()) || (await createHelperProject());
  if (id <= 0) throw new Error('no project id');
  try {
    localStorage.setItem(helperKey(), String(id));
  } catch {
    // Private mode: the project is found by name next time.
  }
  return id;
}

/** The newest project named 文字转语音 among the user's projects (another browser made it), or 0. */
async function findHelperProject(): Promise<number> {
  for (let pageIndex = 1; pageIndex <= 5; pageIndex++) {
    const res = await studioApi.listProjects({ pageIndex, pageSize: 100, proKind: PRO_KIND.helper });
    const list = res.data?.list ?? [];
    const found = list.find((p) => p.name === HELPER_PROJECT_NAME);
    if (found) return found.projectId;
    if (list.length < 100) break;
  }
  return 0;
}

/**
 * Text-to-speech in the helper project. When the project was deleted meanwhile (the server said
 * so and the client showed it), it is forgotten so the next try makes a new one.
 */
async function helperSpeech(timbreId: string, text: string): Promise<SpeechData> {
  const projectId = await helperProjectId();
  try {
    const res = await studioApi.textToSpeech({ projectId, timbreId, text });
    if (!res.data?.soundPath) throw new Error('no audio');
    return res.data;
  } catch (e) {
    if (e instanceof Error && e.message === projectMessages.notFound) {
      helperLookup = null;
      try {
        localStorage.removeItem(helperKey());
      } catch {
        // Nothing remembered.
      }
    }
    throw e;
  }
}

async function createHelperProject(): Promise<number> {
  const res = await studioApi.addProject({ proKind: PRO_KIND.helper, name: HELPER_PROJECT_NAME });
  return res.data ?? 0;
}

// ---- library lists for the pickers ---------------------------------------------------------------

export const toolCharacters = signal<CharacterItem[]>([]);
export const toolScenes = signal<SceneItem[]>([]);
export const toolVoices = signal<VoiceItem[]>([]);
export const toolLibraryState = signal<'idle' | 'loading' | 'ready' | 'failed'>('idle');

/** Loads presenters, scenes (both orientations) and public voices once, and picks the defaults. */
export async function loadToolLibrary(force = false): Promise<void> {
  const state = toolLibraryState.value;
  if (!force && (state === 'loading' || state === 'ready')) return;
  toolLibraryState.value = 'loading';
  try {
    const [chars, land, port, voices] = await Promise.all([
      studioApi.listCharacters({ pageIndex: 1, pageSize: 100, isPublic: 1 }),
      studioApi.listScenes({ pageIndex: 1, pageSize: 100, sizeType: 1 }),
      studioApi.listScenes({ pageIndex: 1, pageSize: 100, sizeType: 2 }),
      studioApi.listVoices({ pageIndex: 1, pageSize: 100, isPublic: 1 }),
    ]);
    batch(() => {
      toolCharacters.value = chars.data?.list ?? [];
      toolScenes.value = [...(land.data?.list ?? []), ...(port.data?.list ?? [])];
      toolVoices.value = voices.data?.list ?? [];
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

/** 生成: speaks the text with the chosen public voice; the result is shown with a player. */
export async function runTextToSpeech(): Promise<void> {
  const text = ttsText.value.trim();
  const voice = toolVoices.value.find((v) => v.id === ttsVoiceId.value);
  if (ttsBusy.value || !text || !voice) return;
  ttsBusy.value = true;
  try {
    const data = await helperSpeech(voice.id, text);
    ttsResult.value = {
      url: resolveServerUrl(data.soundPath),
      seconds: data.soundTime,
      text,
      voiceName: voice.show_name,
    };
  } catch {
    // The client showed the server's message.
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
