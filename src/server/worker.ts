import { availableParallelism } from 'node:os';
import { loadConfig } from './config';
import { buildServer } from './buildServer';
import { startOrExit } from './startOrExit';
import { espeakEngine } from './adapters/media/tts.espeak';

// Entry point of `npm run worker`: a process that runs background jobs and serves no HTTP. It
// wires the same services as the web server (the app is built but never listens), so every job
// kind runs here exactly as it would in the web process. With REDIS_URL it takes jobs from BullMQ
// and any number of these can run on any machine that reaches Redis, the database and DATA_DIR;
// without it, it claims from the job table like the web process does.
const { config, server } = await startOrExit(async () => {
  const config = { ...loadConfig(), role: 'worker' as const, runJobs: true };
  return { config, server: await buildServer(config) };
});
void espeakEngine.warmUp().catch(() => undefined);

const transport = config.redisUrl ? `BullMQ (${config.redisUrl})` : 'the job table';
const concurrency = config.redisUrl
  ? `${config.workerConcurrency ?? availableParallelism()} at a time, as many render pages beside them`
  : 'per kind';
console.log(`Presenter Studio worker is running: jobs from ${transport}, ${concurrency}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
