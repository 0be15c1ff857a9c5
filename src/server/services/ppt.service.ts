import { randomUUID } from 'node:crypto';
import { Code } from '../../api/envelope';
import {
  pptMessages,
  pptUploadFields,
  type PptItem,
  type PptListData,
  type PptUploadData,
} from '../../api/ppt.contract';
import type { PptRow, PptsRepo } from '../adapters/db/ppts.repo';
import type { JobQueue } from './jobQueue';
import { discard, type FileStore } from '../adapters/files';
import { inspectPdf, PdfError, rasterizePdf } from '../adapters/media/pdf.mupdf';
import { ApiError, parse } from '../http/envelope';
import type { ReceivedUpload } from '../http/upload';
import { JobFailure, type JobContext, type JobHandler } from './jobRunner';
import type { Limits } from '../limits';

export const RASTERIZE_JOB = 'pdf.rasterize';
const PAGE_WIDTH = 1920;

/** Where a user's deck lives in the file store. */
export const pptDir = (ownerId: number, uuid: string) => `u/${ownerId}/ppt/${uuid}`;

/** PDF decks: checked upload, background rasterising with progress, list, info, delete. */
export class PptService {
  constructor(
    private readonly ppts: PptsRepo,
    private readonly jobs: JobQueue,
    private readonly files: FileStore,
    private readonly limits: Pick<Limits, 'pdfMaxPages' | 'pdfPageTimeoutMs'>,
  ) {}

  /**
   * Accepts an uploaded PDF after checking its content (a real, readable, unencrypted PDF with
   * pages), then queues rasterising. Nothing is kept when a check fails.
   */
  async upload(ownerId: number, upload: ReceivedUpload): Promise<PptUploadData> {
    try {
      if (!/\.pdf$/i.test(upload.filename)) throw new ApiError(Code.badRequest, pptMessages.notPdf);
      const info = await inspectPdf(upload.tempFile, { maxPages: this.limits.pdfMaxPages }).catch(
        (error: unknown) => {
          if (error instanceof PdfError) throw new ApiError(Code.badRequest, error.message);
          throw error;
        },
      );
      const uuid = randomUUID();
      await this.files.commit(upload.tempFile, `${pptDir(ownerId, uuid)}/source.pdf`);
      const fields = parse(pptUploadFields, upload.fields);
      const name = (fields.name || upload.filename).replace(/\.pdf$/i, '').slice(0, 200) || '未命名';
      const pptId = await this.ppts.insert({
        owner_id: ownerId,
        uuid,
        name,
        description: fields.description.slice(0, 500),
        page_count: info.pageCount,
        pages_done: 0,
        status: 'processing',
        error: null,
        created_at: Date.now(),
      });
      await this.jobs.enqueue({ kind: RASTERIZE_JOB, ownerId, subjectId: pptId, payload: { pptId } });
      return { uuid, pptId, pageCount: info.pageCount };
    } finally {
      await discard(upload.tempFile);
    }
  }

  async list(ownerId: number, pageIndex: number, pageSize: number): Promise<PptListData> {
    const { rows, count } = await this.ppts.list(ownerId, (pageIndex - 1) * pageSize, pageSize);
    return { count, pageIndex, list: rows.map((row) => this.toItem(row)) };
  }

  async info(ownerId: number, pptId: number): Promise<PptItem> {
    const row = await this.ppts.find(ownerId, pptId);
    if (!row) throw new ApiError(Code.notFound, pptMessages.notFound);
    return this.toItem(row);
  }

  /**
   * Removes the deck from the list and deletes its source PDF. Page images stay, because projects
   * that already use the deck refer to them and must keep working.
   */
  async delete(ownerId: number, pptId: number): Promise<void> {
    const row = await this.ppts.find(ownerId, pptId);
    if (!row) throw new ApiError(Code.notFound, pptMessages.notFound);
    await this.jobs.cancel(RASTERIZE_JOB, ownerId, pptId);
    await this.ppts.update(pptId, { status: 'deleted' });
    await this.files.remove(`${pptDir(ownerId, row.uuid)}/source.pdf`);
  }

  /**
   * The job handler that rasterises a deck's pages to 1920 px PNGs. Two decks at a time, one per
   * user: another user's one-page deck is drawn while someone's thousand-page deck still runs.
   */
  rasterizeHandler(): JobHandler {
    return { concurrency: 2, perOwner: 1, run: (ctx) => this.rasterize(ctx) };
  }

  private async rasterize(ctx: JobContext) {
    const { pptId } = ctx.payload as { pptId: number };
    const row = await this.ppts.findById(pptId);
    if (!row || row.status === 'deleted') return { message: '已删除' };
    const dir = pptDir(row.owner_id, row.uuid);
    try {
      // rasterizePdf moves its pages into the folder only when every page succeeded.
      await this.files.fillFolder(dir, async (folder) =>
        rasterizePdf(await this.files.localPath(`${dir}/source.pdf`), folder, {
          width: PAGE_WIDTH,
          signal: ctx.signal,
          maxPages: this.limits.pdfMaxPages,
          pageTimeoutMs: this.limits.pdfPageTimeoutMs,
          onProgress: (done, total) => {
            void this.ppts.update(pptId, { pages_done: done });
            void ctx.progress(total ? done / total : 0, `${done}/${total}`).catch(() => undefined);
          },
        }),
      );
    } catch (error) {
      const reason = error instanceof PdfError ? error.message : 'PDF转换失败';
      await this.ppts.update(pptId, { status: 'failed', error: reason });
      throw new JobFailure(reason);
    }
    await this.ppts.update(pptId, { status: 'ready', pages_done: row.page_count });
    return { message: `${row.page_count} 页` };
  }

  private toItem(row: PptRow): PptItem {
    const dir = pptDir(row.owner_id, row.uuid);
    return {
      id: row.id,
      name: row.name,
      uuidStr: row.uuid,
      basePath: `/files/u/${row.owner_id}/ppt/`,
      thumb: row.status === 'ready' ? `/files/${dir}/thumb.png` : '',
      pageCount: row.page_count,
      pagesDone: row.pages_done,
      status: row.status,
      error: row.error ?? '',
      createdAt: row.created_at,
    };
  }
}
