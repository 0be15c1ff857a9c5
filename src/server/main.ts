import { loadConfig } from './config';
import { buildServer } from './buildServer';
import { startOrExit } from './startOrExit';
import { DEMO_USER } from './services/account.service';
import { espeakEngine } from './adapters/media/tts.espeak';

// Entry point of `npm start`: migrate, create the demo account on a first start outside production,
// listen, and tell the operator where to go.
const { config, server, createdDemo } = await startOrExit(async () => {
  const config = loadConfig();
  const server = await buildServer(config);
  const createdDemo = await server.services.accounts.ensureDemoUser(config.production);
  await server.http.listen({ port: config.port, host: config.host });
  return { config, server, createdDemo };
});
// The speech engine is plain JavaScript that needs a warm-up; do it before the first author waits on it.
void espeakEngine.warmUp().catch(() => undefined);

const url = `http://localhost:${config.port}/home/`;
const db = server.database.dialect === 'postgres' ? 'PostgreSQL' : `SQLite (${config.dataDir})`;
console.log(`\n  数字人视频工作台 Presenter Studio is running\n\n  Open:      ${url}\n  Database:  ${db}`);
const jobs = config.redisUrl ? 'BullMQ' : 'the job table';
console.log(
  `  Jobs:      ${jobs}, ${config.runJobs ? 'run in this process too' : 'run by `npm run worker` (WORKERS=0)'}`,
);
if (createdDemo) {
  console.log(
    `  Log in:    ${DEMO_USER.username} / ${DEMO_USER.password}   (demo account created on first start)`,
  );
} else if (!config.production) {
  console.log(
    `  Log in:    with your account (first start created ${DEMO_USER.username} / ${DEMO_USER.password})`,
  );
} else {
  console.log('  Log in:    create an account with `npm run user -- add <name> <password>`');
}
console.log('');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
