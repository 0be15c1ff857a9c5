import path from 'node:path';
import type { ArmParts, CharacterItem, PageOf, SceneItem, VoiceItem } from '../../api/library.contract';
import { readBundledJson } from '../adapters/files';
import { PUBLIC_VOICES, type PublicVoice } from '../adapters/media/tts.voices';

interface LibraryFile {
  characters: { id: string; dir: string }[];
  scenes: {
    id: string;
    name: string;
    sizeType: number;
    width: number;
    height: number;
    file: string;
    thumb: string;
  }[];
}
interface CharacterManifest {
  id: string;
  name: string;
  sex: number;
  style: string;
  width: number;
  height: number;
  mouth: CharacterItem['rig']['mouth'];
  eyes: CharacterItem['rig']['eyes'];
  head?: { x: number; y: number; width: number; height: number };
  pivot?: { x: number; y: number };
  full?: { width: number; height: number; files: { body: string; torso: string } };
  mouthShapes: string[];
  suggestedVoice: string;
  files?: { brows?: string };
  /** The bare torso, arms and hands parts (scripts/art figure.ts), for the mid-thigh and whole figure. */
  arms?: Record<'bare' | keyof ArmParts['pictures'], { torso: string; fullTorso: string }>;
  hands?: Record<keyof ArmParts['hands'], { torso: string; fullTorso: string }>;
}

/** The bare torso, arms and hands of one canvas as library URLs. */
function armUrls(
  m: Required<Pick<CharacterManifest, 'arms' | 'hands'>>,
  which: 'torso' | 'fullTorso',
  url: (file: string) => string,
): ArmParts {
  const posed = (part: Record<keyof ArmParts['hands'], { torso: string; fullTorso: string }>) => ({
    rest: url(part.rest[which]),
    palm: url(part.palm[which]),
    pointLeft: url(part.pointLeft[which]),
    pointRight: url(part.pointRight[which]),
  });
  return { bare: url(m.arms.bare[which]), pictures: posed(m.arms), hands: posed(m.hands) };
}

const URL_PREFIX = '/library/';
const VOICE_FOR: Record<string, string> = { 'zh-female': 'espeak-zh-female', 'zh-male': 'espeak-zh-male' };

function page<T>(items: T[], pageIndex: number, pageSize: number): PageOf<T> {
  const start = (pageIndex - 1) * pageSize;
  return { list: items.slice(start, start + pageSize), count: items.length, pageIndex, pageSize };
}

/** The built-in, read-only library: presenters, scenes and public voices, loaded once at start. */
export class LibraryService {
  readonly characters: CharacterItem[];
  readonly scenes: SceneItem[];
  readonly voices: VoiceItem[];

  constructor(
    private readonly libraryDir: string,
    /** Public voices of an optional external engine (TTS_URL), listed after the built-in ones. */
    extraVoices: readonly PublicVoice[] = [],
  ) {
    const library = readBundledJson<LibraryFile>(path.join(libraryDir, 'library.json'));
    this.characters = library.characters.map((c) => this.loadCharacter(c.dir));
    this.scenes = library.scenes.map((s) => ({
      id: s.id,
      name: s.name,
      path: URL_PREFIX + s.file,
      thumb: URL_PREFIX + s.thumb,
      sizeType: s.sizeType,
      width: s.width,
      height: s.height,
      userId: null,
    }));
    this.voices = [...PUBLIC_VOICES, ...extraVoices].map((v) => ({
      id: v.key,
      show_name: v.nameZh,
      name: v.nameEn,
      sex: v.sex === 'male' ? 1 : 2,
      isPublic: 1,
      pthStatus: 4,
      lang: v.primaryLang,
      ...(v.secondsPerChar ? { secondsPerChar: v.secondsPerChar } : {}),
    }));
  }

  /** Presenters with status 1; private presenters arrive with user uploads. */
  listCharacters(req: { pageIndex: number; pageSize: number; isPublic: number; status: number }) {
    const items = req.isPublic === 1 && req.status === 1 ? this.characters : [];
    return page(items, req.pageIndex, req.pageSize);
  }

  /**
   * The character list for one caller: isPublic 2 (with status 1) answers the caller's own usable
   * presenters (我的数字人, from `own`), in the same CharacterItem shape; anything else the built-ins.
   */
  async listCharactersFor(
    ownerId: number,
    req: { pageIndex: number; pageSize: number; isPublic: number; status: number },
    own?: {
      list(ownerId: number, req: { pageIndex: number; pageSize: number }): Promise<PageOf<CharacterItem>>;
    },
  ): Promise<PageOf<CharacterItem>> {
    if (req.isPublic === 2 && req.status === 1 && own) return own.list(ownerId, req);
    return this.listCharacters(req);
  }

  listScenes(req: { pageIndex: number; pageSize: number; sizeType: number }) {
    return page(
      this.scenes.filter((s) => s.sizeType === req.sizeType),
      req.pageIndex,
      req.pageSize,
    );
  }

  listVoices(req: { pageIndex: number; pageSize: number; isPublic: number; sex?: number }) {
    const matchesSex = (v: VoiceItem) => req.sex === undefined || (req.sex === 1 ? v.sex === 1 : v.sex !== 1);
    const items = req.isPublic === 1 ? this.voices.filter(matchesSex) : [];
    return page(items, req.pageIndex, req.pageSize);
  }

  /** A built-in presenter by id (the render reads its rig from disk). */
  character(id: string): CharacterItem | undefined {
    return this.characters.find((c) => c.id === id);
  }

  /** Absolute file path of a /library/ URL, or null when the URL is not inside the library. */
  filePath(url: string): string | null {
    if (!url.startsWith(URL_PREFIX)) return null;
    const full = path.resolve(this.libraryDir, url.slice(URL_PREFIX.length).split('?')[0]);
    return full.startsWith(this.libraryDir + path.sep) ? full : null;
  }

  private loadCharacter(dir: string): CharacterItem {
    const m = readBundledJson<CharacterManifest>(path.join(this.libraryDir, dir, 'manifest.json'));
    const url = (file: string) => `${URL_PREFIX}${dir}/${file}`;
    return {
      id: m.id,
      name: m.name,
      static_img: url('static.png'),
      icon: url('icon.png'),
      status: 1,
      isPublic: 1,
      type: 1,
      video: '',
      timbreInfo: VOICE_FOR[m.suggestedVoice] ?? 'espeak-zh-female',
      sex: m.sex,
      style: m.style,
      width: m.width,
      height: m.height,
      rig: {
        body: url('body.png'),
        blink: url('blink.png'),
        ...(m.files?.brows ? { brows: url(m.files.brows) } : {}),
        mouths: Object.fromEntries(m.mouthShapes.map((s) => [s, url(`mouth-${s}.png`)])),
        mouth: m.mouth,
        eyes: m.eyes,
        ...(m.head && m.pivot
          ? {
              parts: {
                torso: url('torso.png'),
                head: url('head.png'),
                headBox: m.head,
                pivot: m.pivot,
                ...(m.arms && m.hands
                  ? { arms: armUrls({ arms: m.arms, hands: m.hands }, 'torso', url) }
                  : {}),
                ...(m.full
                  ? {
                      full: {
                        body: url(m.full.files.body),
                        torso: url(m.full.files.torso),
                        height: m.full.height,
                        ...(m.arms && m.hands
                          ? { arms: armUrls({ arms: m.arms, hands: m.hands }, 'fullTorso', url) }
                          : {}),
                      },
                    }
                  : {}),
              },
            }
          : {}),
      },
    };
  }
}
