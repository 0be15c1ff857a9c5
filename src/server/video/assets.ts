import { pictureFormatOf, SIGNATURE_BYTES } from '../../model/fileSignature';
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import type { SpeechTimings } from '../../api/speech.contract';
import type { MouthCue } from '../../model/speech';
import type { FileStore } from '../adapters/files';
import type { LibraryService } from '../services/library.service';
import { JobFailure } from '../services/jobRunner';
import type { PageAudio, RigFiles } from './planTypes';
import type { StickerFile } from './planTypes';
import { layeredParts } from './layers/headPart';

/** Narration clips, whose mouth timeline is stored beside them as JSON. */
const AUDIO = /\.(wav|mp3|m4a|aac|ogg|opus|flac)$/i;
/** Stored files fetched at once (downloads from S3 wait on the network, not the CPU). */
const FETCH_CONCURRENCY = 8;

/**
 * Turns paths written in a project document into files on disk for the render, refusing anything
 * that is neither built-in library art nor the project owner's own file.
 */
export class RenderAssets {
  /** Local files of the owner's stored files, by document path ('/files/u/7/...'). */
  private readonly local = new Map<string, string>();

  constructor(
    private readonly files: FileStore,
    private readonly library: LibraryService,
    private readonly ownerId: number,
  ) {}

  /**
   * Makes local files of every stored file of the owner that the document names, and of the
   * timings beside each narration clip, so file() can answer at once (with S3 they are downloaded;
   * on disk they are the stored files). Missing ones stay missing: file() reports them by name.
   */
  async fetch(doc: unknown): Promise<void> {
    const owned = new RegExp(`/files/(u/${this.ownerId}/[A-Za-z0-9_\\-./]+)`, 'g');
    const keys = new Set([...JSON.stringify(doc).matchAll(owned)].map((m) => m[1]));
    for (const key of [...keys]) if (AUDIO.test(key)) keys.add(key.replace(AUDIO, '.json'));
    const queue = [...keys];
    const fetchNext = async (): Promise<void> => {
      for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
        const file = await this.files.localPath(key).catch((error: { code?: string }) => {
          if (error.code === 'ENOENT' || /invalid file key/.test(String(error))) return null;
          throw error;
        });
        if (file) this.local.set(`/files/${key}`, file);
      }
    };
    await Promise.all(Array.from({ length: FETCH_CONCURRENCY }, fetchNext));
  }

  /** The file behind a document path; a clear failure when it is missing or not the owner's. */
  file(url: string, what = '素材'): string {
    const clean = url.split('?')[0];
    const full = this.library.filePath(clean) ?? this.local.get(clean) ?? null;
    if (!full || !existsSync(full)) throw new JobFailure(`${what}不存在或已被删除：${clean}`);
    return full;
  }

  /** A sticker or GIF of a page; whether it animates is read from its first bytes, not its name. */
  sticker(url: string, pageNo: number): StickerFile {
    if (!url) throw new JobFailure(`第${pageNo}页的贴图缺少图片，请重新插入`);
    const file = this.file(url, `第${pageNo}页的贴图`);
    const head = Buffer.alloc(SIGNATURE_BYTES);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, head, 0, SIGNATURE_BYTES, 0);
    } finally {
      closeSync(fd);
    }
    return { file, gif: pictureFormatOf(head) === 'gif' };
  }

  /** The sprite rig of a built-in presenter. */
  rig(characterId: string): RigFiles {
    const c = this.library.character(characterId);
    if (!c) throw new JobFailure('所选数字人不存在，请重新选择数字人');
    const parts = c.rig.parts;
    return {
      width: c.width,
      height: c.height,
      body: this.file(c.rig.body, '数字人素材'),
      blink: this.file(c.rig.blink, '数字人素材'),
      ...(c.rig.brows ? { brows: this.file(c.rig.brows, '数字人素材') } : {}),
      mouths: Object.fromEntries(
        Object.entries(c.rig.mouths).map(([k, v]) => [k, this.file(v, '数字人素材')]),
      ),
      mouth: c.rig.mouth,
      eyes: c.rig.eyes,
      ...(parts ? layeredParts(parts, (url) => this.file(url, '数字人素材')) : {}),
    };
  }

  /** A narration clip with its duration and mouth timeline (stored beside the audio as JSON). */
  audio(url: string, pageNo: number): PageAudio {
    if (!url || !url.startsWith('/')) throw new JobFailure(`第${pageNo}页的语音尚未合成完成`);
    const file = this.file(url, `第${pageNo}页的音频`);
    const timingsFile =
      this.local.get(url.split('?')[0].replace(AUDIO, '.json')) ?? file.replace(/\.[a-z0-9]+$/i, '.json');
    if (!existsSync(timingsFile)) throw new JobFailure(`第${pageNo}页的音频缺少口型数据，请重新合成语音`);
    const timings = JSON.parse(readFileSync(timingsFile, 'utf8')) as SpeechTimings;
    return {
      file,
      durationMs: timings.durationMs,
      mouth: timings.mouth as MouthCue[],
      words: timings.words ?? [],
    };
  }
}
