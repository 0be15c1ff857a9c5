import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { ServerConfig } from './config';
import { openDatabase, type DatabaseHandle } from './adapters/db/database';
import { UsersRepo } from './adapters/db/users.repo';
import { SessionsRepo } from './adapters/db/sessions.repo';
import { LoginGuardRepo } from './adapters/db/loginGuard.repo';
import { TokenSigner } from './adapters/tokens';
import { passwords } from './adapters/passwords';
import type { FileStore } from './adapters/files';
import { openFileStore } from './adapters/openFileStore';
import { AuthService } from './services/auth.service';
import { AccountService } from './services/account.service';
import { ProjectService } from './services/project.service';
import { ProjectsRepo } from './adapters/db/projects.repo';
import { normaliseDocument, autoProjectName } from './services/projectDocument';
import { installErrorHandling } from './http/envelope';
import { installSecurityHeaders } from './http/securityHeaders';
import { authRoutes } from './routes/auth.routes';
import { userRoutes } from './routes/user.routes';
import { webRoutes } from './routes/web.routes';
import { projectRoutes } from './routes/project.routes';
import { pptRoutes } from './routes/ppt.routes';
import { PptService, RASTERIZE_JOB } from './services/ppt.service';
import { PptsRepo } from './adapters/db/ppts.repo';
import { JobsRepo } from './adapters/db/jobs.repo';
import type { JobQueue } from './services/jobQueue';
import { openJobQueue } from './services/openJobQueue';
import { WorkersRepo } from './adapters/db/workers.repo';
import { healthRoutes } from './routes/health.routes';
import { LibraryService } from './services/library.service';
import { libraryRoutes } from './routes/library.routes';
import { SceneService } from './services/scene.service';
import { ScenesRepo } from './adapters/db/scenes.repo';
import { sceneRoutes } from './routes/scene.routes';
import { SpeechService } from './services/speech.service';
import { speechRoutes } from './routes/speech.routes';
import { ComposeService } from './services/compose.service';
import { composeRoutes } from './routes/compose.routes';
import { ResourceService } from './services/resource.service';
import { resourceRoutes } from './routes/resource.routes';
import { RENDER_JOB, renderHandler } from './video/renderJob';
import { prepareRender } from './video/renderPrepare';
import { DemoService } from './services/demo.service';
import { demoRoutes } from './routes/demo.routes';
import { TextureService } from './services/texture.service';
import { TexturesRepo } from './adapters/db/textures.repo';
import { textureRoutes } from './routes/texture.routes';
import { VoicesRepo } from './adapters/db/voices.repo';
import { TRAIN_VOICE_JOB, VoiceService } from './services/voice.service';
import { VOICE_TTS_JOB, VoiceSpeechService } from './services/voiceSpeech.service';
import { voiceRoutes } from './routes/voice.routes';
import { openAiPublicVoices } from './adapters/media/tts.openai';
import { MaterialService } from './services/material.service';
import { MaterialsRepo } from './adapters/db/materials.repo';
import { materialRoutes } from './routes/material.routes';
import { PointsService } from './services/points.service';
import { PointsRepo } from './adapters/db/points.repo';
import { pointsRoutes } from './routes/points.routes';
import { SubtitleService, SUBTITLE_JOB } from './services/subtitle.service';
import { subtitleRoutes } from './routes/subtitle.routes';
import { transcribeAudio, transcribeConfigFromEnv } from './adapters/media/transcribe.openai';
import { PresentersRepo } from './adapters/db/presenters.repo';
import { PRESENTER_VIDEO_JOB, PresenterService } from './services/presenter.service';
import { presenterRoutes } from './routes/presenter.routes';
import path from 'node:path';
import { DEFAULT_LIMITS, type Limits } from './limits';
import { StorageQuota } from './services/storageQuota';
import { AssetUsage } from './services/assetUsage';
import { DeferredDeletes } from './services/deferredDeletes';
import { PendingDeletesRepo } from './adapters/db/pendingDeletes.repo';
import { sweepTemporaries } from './adapters/tempSweeper';

/** A temporary nobody wrote for this long belongs to no running job or upload. */
const STALE_TEMP_MS = 10 * 60_000;

/** The assembled server: HTTP app, services (for the CLI and tests) and the database handle. */
export interface StudioServer {
  http: FastifyInstance;
  database: DatabaseHandle;
  services: {
    auth: AuthService;
    accounts: AccountService;
    projects: ProjectService;
    ppts: PptService;
    library: LibraryService;
    compose: ComposeService;
    textures: TextureService;
    materials: MaterialService;
    points: PointsService;
    presenters: PresenterService;
    resources: ResourceService;
    deferredDeletes: DeferredDeletes;
  };
  jobs: JobQueue;
  tokens: TokenSigner;
  files: FileStore;
  close(): Promise<void>;
}

/** Wires adapters -> services -> routes for the given configuration (migrating the database). */
export async function buildServer(config: ServerConfig): Promise<StudioServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
  const { db } = database;
  const tokens = new TokenSigner(config.jwtSecret, config.tokenTtlSeconds);
  const files = await openFileStore(config);
  const users = new UsersRepo(db);
  const sessions = new SessionsRepo(db);
  const guard = new LoginGuardRepo(db);
  const hasher = passwords(config.passwordCost);
  const auth = new AuthService(users, sessions, guard, tokens, config.captchaAfterFailures, hasher);
  const accounts = new AccountService(users, sessions, files, guard, hasher);
  const projectsRepo = new ProjectsRepo(db);
  const projects = new ProjectService(projectsRepo, normaliseDocument, autoProjectName);
  // Voices of an optional OpenAI-compatible server (TTS_URL) join the built-in public voices.
  const extraVoices = config.openAiTts ? openAiPublicVoices(config.openAiTts) : [];
  const speech = new SpeechService(projectsRepo, files, extraVoices);
  const jobs = new JobsRepo(db);
  const workersRepo = new WorkersRepo(db);
  const queue = await openJobQueue(
    jobs,
    config,
    (message, error) => http.log.error({ err: error }, message),
    workersRepo,
  ).catch(async (error: unknown) => {
    // Redis did not answer: let go of the database so the process can exit with the message.
    await database.close();
    throw error;
  });
  const limits: Limits = { ...DEFAULT_LIMITS, ...config.limits };
  const ppts = new PptService(new PptsRepo(db), queue, files, limits);
  const voicesRepo = new VoicesRepo(db);
  const usage = new AssetUsage(projectsRepo);
  const voices = new VoiceService(voicesRepo, queue, files, usage);
  const voiceSpeech = new VoiceSpeechService(voicesRepo, queue, speech);
  const library = new LibraryService(config.libraryDir, extraVoices);
  const scenes = new SceneService(new ScenesRepo(db), library, files, usage);
  const materials = new MaterialService(new MaterialsRepo(db), files, usage);
  const points = new PointsService(new PointsRepo(db), users);

  const transcribeConfig = transcribeConfigFromEnv();
  const deferredDeletes = new DeferredDeletes(
    new PendingDeletesRepo(db),
    projectsRepo,
    files,
    limits.deleteGraceMs,
  );
  const resources = new ResourceService(
    projectsRepo,
    files,
    deferredDeletes,
    transcribeConfig
      ? (wav) => transcribeAudio(wav, transcribeConfig, { scratchDir: path.join(config.dataDir, 'tmp') })
      : null,
  );
  const demos = new DemoService(library, projects, speech, files);
  const textures = new TextureService(new TexturesRepo(db), files, config.libraryDir, usage);
  const subtitles = new SubtitleService(queue, files, transcribeConfig, path.join(config.dataDir, 'tmp'));
  const presenters = new PresenterService(new PresentersRepo(db), files, queue, usage);
  const compose = new ComposeService(projectsRepo, queue, files, { points, materials }, (doc, ownerId) =>
    prepareRender(doc, ownerId, { files, library, presenters }),
  );
  await sessions.prune();

  const http = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 20 * 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
  });
  http.decorateRequest('auth', null);
  http.decorate('storageQuota', new StorageQuota(files, limits.userQuotaBytes));
  installSecurityHeaders(http);
  installErrorHandling(http);
  await http.register(rateLimit, { global: false });
  await http.register(multipart, { limits: { fields: 20, fieldSize: 64 * 1024 } });
  await http.register(authRoutes, { auth, loginRateLimit: config.loginRateLimit });
  await http.register(userRoutes, { auth, accounts, files });
  await http.register(projectRoutes, { auth, projects, compose });
  await http.register(pptRoutes, { auth, ppts, files });
  await http.register(libraryRoutes, { auth, library, voices, presenters });
  await http.register(presenterRoutes, { auth, presenters, files });
  await http.register(sceneRoutes, { auth, scenes, files });
  await http.register(speechRoutes, { auth, speech });
  await http.register(voiceRoutes, { auth, voices, voiceSpeech, files });
  await http.register(composeRoutes, { auth, compose });
  await http.register(resourceRoutes, { auth, resources, files });
  await http.register(demoRoutes, { auth, demos });
  await http.register(textureRoutes, { auth, textures, files });
  await http.register(materialRoutes, { auth, materials, files });
  await http.register(pointsRoutes, { auth, points });
  await http.register(subtitleRoutes, { auth, subtitles, files });
  await http.register(healthRoutes, { queue, pingDatabase: () => workersRepo.ping() });
  await http.register(webRoutes, { webDir: config.webDir, libraryDir: config.libraryDir, files, auth });

  queue.register(RASTERIZE_JOB, ppts.rasterizeHandler());
  queue.register(PRESENTER_VIDEO_JOB, presenters.videoHandler());
  queue.register(TRAIN_VOICE_JOB, voices.trainHandler());
  queue.register(VOICE_TTS_JOB, voiceSpeech.handler());
  queue.register(SUBTITLE_JOB, subtitles.handler());
  queue.register(RENDER_JOB, {
    ...renderHandler({
      projects: projectsRepo,
      files,
      library,
      presenters,
      scratchDir: path.join(config.dataDir, 'tmp'),
      pages: queue.subTasks,
      encoderPreset: config.encoderPreset,
    }),
    // A render that fails gives its points back (a cancelled one is refunded by compose.cancel).
    failed: (job) => compose.refund(job),
  });
  // SQLite is the embedded profile: this process is the only worker on its database, so at start
  // nothing runs and every temporary is a crash's leftover; with PostgreSQL, BullMQ or a separate
  // `npm run worker` other processes may be mid-job, and only what nobody touched for a while goes.
  const soleWorker = database.dialect === 'sqlite' && !config.redisUrl && config.role !== 'worker';
  if (config.runJobs) {
    const swept = await sweepTemporaries(config.dataDir, {
      olderThanMs: soleWorker ? 0 : STALE_TEMP_MS,
      deep: true,
    });
    if (swept) http.log.warn(`removed ${swept} temporary file(s) left by an earlier run`);
    await deferredDeletes.sweep();
    queue.afterEachJob(async () => {
      await sweepTemporaries(config.dataDir, { olderThanMs: STALE_TEMP_MS, deep: false });
      await deferredDeletes.sweep();
    });
    await queue.start(soleWorker);
  }

  return {
    http,
    database,
    services: {
      auth,
      accounts,
      projects,
      ppts,
      library,
      compose,
      textures,
      materials,
      points,
      presenters,
      resources,
      deferredDeletes,
    },
    jobs: queue,
    tokens,
    files,
    async close() {
      await queue.close();
      await http.close();
      await database.close();
    },
  };
}
