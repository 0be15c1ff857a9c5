import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Code } from '../../api/envelope';
import type { CharacterItem, PageOf } from '../../api/library.contract';
import {
  OWN_PRESENTER_PREFIX,
  PRESENTER_MOUTH_SHAPES,
  PRESENTER_STATUS,
  isOwnPresenterId,
  presenterBaseFields,
  presenterMessages,
  resolveMouthShapes,
  type PresenterKeying,
  type PresenterRect,
} from '../../api/presenter.contract';
import type { JobQueue } from './jobQueue';
import type { PresenterRow, PresentersRepo } from '../adapters/db/presenters.repo';
import { discard, type FileStore } from '../adapters/files';
import { probe } from '../adapters/media/ffmpeg';
import { writeLoopVideo } from '../adapters/media/presenterVideo';
import { ApiError, parse } from '../http/envelope';
import type { ReceivedParts } from '../http/receiveParts';
import { JobFailure, type JobContext, type JobHandler } from './jobRunner';
import {
  BLANK,
  BLANK_RECT,
  SOURCE_VIDEO,
  processPicture,
  processSprites,
  processVideo,
  type StoredRig,
} from './presenterUploads';
import type { AssetUsage } from './assetUsage';
import { withFigure } from './presenterFigures';
import { pictureName, presenterItem, storedFigure } from './presenterItem';

/** `{ figure }` of a picture presenter that has one measured, else nothing. */
const figureOf = (row: PresenterRow) => {
  const figure = storedFigure(row);
  return figure ? { figure } : {};
};

/** The background job that re-encodes a talking video into the stored loop. */
export const PRESENTER_VIDEO_JOB = 'presenter-video';

const { processing: STATUS_PROCESSING, ready: STATUS_READY, failed: STATUS_FAILED } = PRESENTER_STATUS;

/** Same shape as video/renderPlan RigFiles: every mouth shape already resolved to a file. */
export interface PresenterRigFiles {
  width: number;
  height: number;
  body: string;
  blink: string;
  mouths: Record<string, string>;
  mouth: PresenterRect;
  eyes: PresenterRect;
  /** The person's opaque box in the picture (StoredRig.figure), when measured. */
  figure?: PresenterRect;
}

/**
 * What the render needs of a user's own presenter (the lead wires it into RenderAssets). Kinds 2
 * and 3 also carry `standIn`: a rig of the presenter's size whose every file is transparent, so
 * the sprite page graph runs unchanged (and shows nothing) while the customPresenter fragment
 * draws the presenter into the same box.
 */
export type PresenterRenderFiles =
  | { kind: 1; rig: PresenterRigFiles }
  | {
      kind: 2;
      width: number;
      height: number;
      durationMs: number;
      /** The 25 fps H.264 loop. */
      video: string;
      /** Its first frame (keyed when keying is set). */
      poster: string;
      keying: PresenterKeying | null;
      standIn: PresenterRigFiles;
    }
  | { kind: 3; width: number; height: number; picture: string; standIn: PresenterRigFiles };

/**
 * 我的数字人: a user's own presenters. Uploads are checked by content, processed into the files
 * the stage and the render read (in a temp folder moved into place at the end, so a refusal leaves
 * nothing behind) and listed to their owner only as CharacterItems with isPublic 2.
 */
export class PresenterService {
  constructor(
    private readonly presenters: PresentersRepo,
    private readonly files: FileStore,
    private readonly jobs: JobQueue,
    private readonly usage: AssetUsage,
  ) {}

  /** The caller's usable presenters, newest first (the character list with isPublic 2). */
  list(ownerId: number, req: { pageIndex: number; pageSize: number }): Promise<PageOf<CharacterItem>> {
    return this.page(ownerId, STATUS_READY, req);
  }

  /** The caller's presenters in every state, newest first (我的数字人). */
  listMine(ownerId: number, req: { pageIndex: number; pageSize: number }): Promise<PageOf<CharacterItem>> {
    return this.page(ownerId, null, req);
  }

  private async page(ownerId: number, status: number | null, req: { pageIndex: number; pageSize: number }) {
    const [rows, count] = await Promise.all([
      this.presenters.list(ownerId, status, (req.pageIndex - 1) * req.pageSize, req.pageSize),
      this.presenters.count(ownerId, status),
    ]);
    const measured = await Promise.all(rows.map((r) => withFigure(r, this.presenters, this.files)));
    return {
      list: measured.map((r) => presenterItem(r)),
      count,
      pageIndex: req.pageIndex,
      pageSize: req.pageSize,
    };
  }

  /** Creates a presenter from a multi-file form (presenter.contract presenterAddEndpoint). */
  async create(ownerId: number, form: ReceivedParts): Promise<CharacterItem> {
    const work = await this.files.scratchDir('presenter-');
    try {
      const { name, kind } = parse(presenterBaseFields, form.fields);
      const out = (file: string) => path.join(work, file);
      const processed =
        kind === 1
          ? await processSprites(form, out)
          : kind === 2
            ? await processVideo(form, out)
            : await processPicture(form, out);
      const dirKey = `u/${ownerId}/presenters/${randomBytes(12).toString('hex')}`;
      await this.files.commit(work, dirKey);
      const row = await this.presenters
        .insert({
          owner_id: ownerId,
          name,
          kind,
          status: processed.status,
          dir_key: dirKey,
          width: processed.width,
          height: processed.height,
          rig: processed.rig ? JSON.stringify(processed.rig) : null,
          keying: processed.keying ? JSON.stringify(processed.keying) : null,
          duration_ms: processed.durationMs ?? 0,
          message: '',
          created_at: Date.now(),
        })
        .catch(async (error: unknown) => {
          await this.files.remove(dirKey);
          throw error;
        });
      if (row.status === STATUS_PROCESSING) {
        await this.jobs.enqueue({
          kind: PRESENTER_VIDEO_JOB,
          ownerId,
          subjectId: row.id,
          payload: { presenterId: row.id },
        });
      }
      return presenterItem(row);
    } finally {
      await discard(work);
      await form.cleanup();
    }
  }

  /** Deletes one of the caller's own presenters and its files (in use: only with `force`). */
  async delete(ownerId: number, id: string, force = false): Promise<void> {
    const row = await this.findOwn(ownerId, id);
    if (row) await this.usage.guardDelete(ownerId, { kind: 'presenter', id }, force);
    if (!row || !(await this.presenters.delete(ownerId, row.id))) {
      throw new ApiError(Code.notFound, presenterMessages.notFound);
    }
    await this.files.remove(row.dir_key);
  }

  /** The caller's presenter by its character id ('p12'), or undefined (another user's is undefined too). */
  async findOwn(ownerId: number, id: string): Promise<PresenterRow | undefined> {
    if (!isOwnPresenterId(id)) return undefined;
    return this.presenters.find(ownerId, Number(id.slice(OWN_PRESENTER_PREFIX.length)));
  }

  /**
   * The files the render reads for a user's own presenter (absolute paths), or null when the id is
   * not one of `ownerId`'s usable presenters.
   */
  async renderFiles(characterId: string, ownerId: number): Promise<PresenterRenderFiles | null> {
    const found = await this.findOwn(ownerId, characterId);
    if (!found || found.status !== STATUS_READY) return null;
    const row = await withFigure(found, this.presenters, this.files);
    const file = (name: string) => this.files.localPath(`${row.dir_key}/${name}`);
    if (row.kind === 1) {
      const rig = JSON.parse(row.rig ?? '{}') as StoredRig;
      const resolved = resolveMouthShapes(rig.shapes);
      const mouths = await Promise.all(
        PRESENTER_MOUTH_SHAPES.map(async (s) => [s, await file(`mouth-${resolved[s]}.png`)] as const),
      );
      return {
        kind: 1,
        rig: {
          width: row.width,
          height: row.height,
          body: await file('body.png'),
          blink: await file('blink.png'),
          mouths: Object.fromEntries(mouths),
          mouth: rig.mouth,
          eyes: rig.eyes,
          ...(rig.figure ? { figure: rig.figure } : {}),
        },
      };
    }
    const blank = await file(BLANK);
    const standIn: PresenterRigFiles = {
      width: row.width,
      height: row.height,
      body: blank,
      blink: blank,
      mouths: Object.fromEntries(PRESENTER_MOUTH_SHAPES.map((s) => [s, blank])),
      mouth: BLANK_RECT,
      eyes: BLANK_RECT,
      ...(row.kind === 3 ? figureOf(row) : {}),
    };
    if (row.kind === 2) {
      return {
        kind: 2,
        standIn,
        width: row.width,
        height: row.height,
        durationMs: row.duration_ms,
        video: await file('loop.mp4'),
        poster: await file('poster.png'),
        keying: row.keying ? (JSON.parse(row.keying) as PresenterKeying) : null,
      };
    }
    return { kind: 3, width: row.width, height: row.height, picture: await file(pictureName(row)), standIn };
  }

  /** The job handler of PRESENTER_VIDEO_JOB (registered by buildServer). */
  videoHandler(): JobHandler {
    return { concurrency: 1, run: (ctx) => this.encodeLoop(ctx) };
  }

  private async encodeLoop(ctx: JobContext) {
    const { presenterId } = ctx.payload as { presenterId: number };
    const ownerId = ctx.job.owner_id;
    const row = await this.presenters.find(ownerId, presenterId);
    if (!row) return { message: '已删除' };
    const key = (name: string) => `${row.dir_key}/${name}`;
    const output = await this.files.tempPath('.mp4');
    try {
      await writeLoopVideo(await this.files.localPath(key(SOURCE_VIDEO)), output, {
        signal: ctx.signal,
        durationMs: row.duration_ms,
        onProgress: (p) => void ctx.progress(p.ratio ?? 0).catch(() => undefined),
      });
      const stored = await probe(output);
      await this.files.commit(output, key('loop.mp4'));
      // Deleted while encoding: the loop must not outlive its presenter's folder.
      if (!(await this.presenters.find(ownerId, presenterId))) {
        await this.files.remove(row.dir_key);
        return { message: '已删除' };
      }
      const loop = stored.streams.find((s) => s.type === 'video');
      await this.presenters.update(ownerId, presenterId, {
        status: STATUS_READY,
        duration_ms: stored.durationMs,
        width: loop?.width ?? row.width,
        height: loop?.height ?? row.height,
      });
      await this.files.remove(key(SOURCE_VIDEO));
      return { message: '完成' };
    } catch (error) {
      // The half-made loop goes before the presenter reads as failed.
      await discard(output);
      // Deleted while encoding: nothing left to report on.
      if (!(await this.presenters.find(ownerId, presenterId))) return { message: '已删除' };
      if (ctx.signal.aborted) throw error;
      await this.presenters.update(ownerId, presenterId, {
        status: STATUS_FAILED,
        message: presenterMessages.videoFailed,
      });
      throw new JobFailure(presenterMessages.videoFailed);
    }
  }
}
