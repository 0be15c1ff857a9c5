import { Code } from '../../api/envelope';
import { composeMessages, type ComposeStatus, type VideoItem } from '../../api/compose.contract';
import { projectMessages } from '../../api/project.contract';
import { materialMessages } from '../../api/material.contract';
import { synthesisCost } from '../../api/points.contract';
import {
  migrateDocument,
  pageSeconds,
  validateForSynthesis,
  type ProjectDocument,
} from '../../model/project';
import type { JobRow } from '../adapters/db/jobs.repo';
import type { JobQueue } from './jobQueue';
import type { ProjectsRepo } from '../adapters/db/projects.repo';
import type { FileStore } from '../adapters/files';
import { ApiError } from '../http/envelope';
import { RENDER_JOB, type RenderResult } from '../video/renderJob';
import type { MaterialService } from './material.service';
import type { PointsService } from './points.service';
import { JobFailure } from './jobRunner';

/** The render job's payload: the project, and the points charge to give back if it does not finish. */
interface ChargedPayload {
  projectId: number;
  chargeId?: number;
}

/** Requesting, following and cancelling video synthesis, and listing the finished videos. */
export class ComposeService {
  constructor(
    private readonly projects: ProjectsRepo,
    private readonly jobs: JobQueue,
    private readonly files: FileStore,
    private readonly billing: { points: PointsService; materials: MaterialService },
    /** Finds every file the document needs; throws a JobFailure naming the page and asset. */
    private readonly checkInputs: (doc: ProjectDocument, ownerId: number) => Promise<unknown>,
  ) {}

  /**
   * Queues a render of the project's final document after the same checks the editor makes. The
   * background music must still exist (a deleted material refuses here, before anything is charged);
   * then one point per started minute is charged, or 积分不足 refuses and nothing is queued.
   */
  async compose(ownerId: number, projectId: number): Promise<ComposeStatus> {
    const project = await this.projects.find(ownerId, projectId);
    if (!project) throw new ApiError(Code.notFound, projectMessages.notFound);
    if (!project.final_detail) throw new ApiError(Code.badRequest, composeMessages.notSaved);
    const doc = migrateDocument(project.final_detail);
    if (!doc.ok) throw new ApiError(Code.badRequest, projectMessages.badDocument);
    const check = validateForSynthesis(doc.value, { continueWithoutPdf: true });
    if (!check.ok) throw new ApiError(Code.badRequest, check.error);
    const latest = await this.jobs.latest(RENDER_JOB, ownerId, projectId);
    if (latest && (latest.status === 'queued' || latest.status === 'running')) {
      throw new ApiError(Code.conflict, composeMessages.busy);
    }
    const music = doc.value.bgMusic;
    if (music && !(await this.billing.materials.findAudio(ownerId, music))) {
      throw new ApiError(Code.badRequest, materialMessages.musicMissing);
    }
    // A render never starts with a missing input: a deleted scene, video, sticker or presenter is
    // named now, before anything is charged, instead of failing the job later.
    await this.checkInputs(doc.value, ownerId).catch((error: unknown) => {
      if (error instanceof JobFailure)
        throw new ApiError(Code.badRequest, `${error.message}，请修改后再合成`);
      throw error;
    });
    const seconds = doc.value.ppt.pages.reduce((sum, p) => sum + pageSeconds(p), 0);
    const chargeId = await this.billing.points.charge(ownerId, synthesisCost(seconds), project.name);
    const payload: ChargedPayload = { projectId, chargeId };
    try {
      await this.jobs.enqueue({ kind: RENDER_JOB, ownerId, subjectId: projectId, payload });
    } catch (error) {
      await this.billing.points.refund(chargeId, project.name);
      throw error;
    }
    await this.projects.setComposeStatus(projectId, 'queued');
    return this.status(ownerId, projectId);
  }

  async status(ownerId: number, projectId: number): Promise<ComposeStatus> {
    const project = await this.projects.find(ownerId, projectId);
    if (!project) throw new ApiError(Code.notFound, projectMessages.notFound);
    const job = await this.jobs.latest(RENDER_JOB, ownerId, projectId);
    return this.describe(projectId, job);
  }

  /** Cancels the running or queued render; the job's ffmpeg is killed and its scratch files removed. */
  async cancel(ownerId: number, projectId: number): Promise<ComposeStatus> {
    const job = await this.jobs.latest(RENDER_JOB, ownerId, projectId);
    if (!job) throw new ApiError(Code.notFound, projectMessages.notFound);
    // Only a queued or running render can be cancelled; a finished one says so instead of 已取消.
    if (job.status === 'done') throw new ApiError(Code.conflict, composeMessages.alreadyDone);
    if (job.status !== 'queued' && job.status !== 'running') {
      throw new ApiError(Code.conflict, composeMessages.alreadyEnded);
    }
    // The queue stops the job wherever it runs.
    if (await this.jobs.cancel(RENDER_JOB, ownerId, projectId)) {
      await this.projects.setComposeStatus(projectId, 'cancelled');
      await this.refund(job);
    }
    return this.status(ownerId, projectId);
  }

  /**
   * Before the project is deleted: its queued or running render stops and gives its points back,
   * and its finished videos are removed. 我的视频 lists videos with their project, so they would be
   * left as files nobody can list, still served to a signed link handed out earlier.
   */
  async forgetProject(ownerId: number, projectId: number): Promise<void> {
    const job = await this.jobs.latest(RENDER_JOB, ownerId, projectId);
    if (job && (job.status === 'queued' || job.status === 'running')) {
      if (await this.jobs.cancel(RENDER_JOB, ownerId, projectId)) await this.refund(job);
    }
    for (const result of await this.jobs.results(RENDER_JOB, ownerId, projectId)) {
      const { key } = JSON.parse(result) as Partial<RenderResult>;
      if (key) await this.files.remove(key);
    }
  }

  /** Gives back the points a render was charged (cancelled or failed); safe to call twice. */
  async refund(job: JobRow): Promise<void> {
    const { projectId, chargeId } = JSON.parse(job.payload) as ChargedPayload;
    if (!chargeId) return;
    const project = await this.projects.find(job.owner_id, projectId);
    await this.billing.points.refund(chargeId, project?.name ?? '');
  }

  async videos(
    ownerId: number,
    pageIndex: number,
    pageSize: number,
  ): Promise<{ list: VideoItem[]; count: number }> {
    const { rows, count } = await this.jobs.listWithProject(
      RENDER_JOB,
      ownerId,
      (pageIndex - 1) * pageSize,
      pageSize,
    );
    return {
      count,
      list: rows.map((row) => ({ ...this.describe(row.subject_id, row), projectName: row.project_name })),
    };
  }

  private describe(projectId: number, job: JobRow | undefined): ComposeStatus {
    if (!job) {
      return {
        projectId,
        jobId: null,
        status: 'none',
        percent: 0,
        pagesDone: 0,
        pageCount: 0,
        etaSeconds: null,
        message: '',
        video: null,
        createdAt: 0,
        updatedAt: 0,
      };
    }
    const result = job.result ? (JSON.parse(job.result) as RenderResult) : null;
    const status = job.status === 'running' ? 'rendering' : (job.status as ComposeStatus['status']);
    const page = /第 (\d+)\/(\d+) 页/.exec(job.message);
    const eta = /预计剩余 (\d+) 秒/.exec(job.message);
    return {
      projectId,
      jobId: job.id,
      status,
      percent: Math.round(job.progress * 100),
      pagesDone: result?.pageCount ?? (page ? Number(page[1]) - 1 : 0),
      pageCount: result?.pageCount ?? (page ? Number(page[2]) : 0),
      etaSeconds: status === 'rendering' && eta ? Number(eta[1]) : null,
      message: job.message,
      video:
        status === 'done' && result
          ? {
              url: this.files.signedUrl(result.key),
              durationMs: result.durationMs,
              size: result.size,
              width: result.width,
              height: result.height,
            }
          : null,
      createdAt: job.created_at,
      updatedAt: job.updated_at,
    };
  }
}
