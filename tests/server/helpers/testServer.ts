import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildServer, type StudioServer } from '../../../src/server/buildServer';
import type { ServerConfig } from '../../../src/server/config';
import { startTestBucket, testStoreIsS3 } from './s3Store';
import { storedFiles, type StoredFiles } from './storedFiles';
import { dropPrefix, testPrefix } from './redis';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The dialects to run server tests on: SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 * TEST_DIALECTS=postgres runs the PostgreSQL pass alone (the S3 profile in `npm test`).
 */
export function testDialects(): DialectName[] {
  const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const only = process.env.TEST_DIALECTS?.split(',').filter(Boolean);
  return only?.length ? dialects.filter((d) => only.includes(d)) : dialects;
}

/**
 * TEST_QUEUE=bullmq: test servers on PostgreSQL carry their jobs on BullMQ (Redis at TEST_REDIS_URL,
 * else 127.0.0.1:6379), each under a key prefix of its own; SQLite ones keep the job table. This is
 * the "PostgreSQL + BullMQ" of the test profiles (README "Commands"); `npm test` sets it when Redis
 * answers. Unset: every test server uses the job table.
 */
function testQueueRedis(dialect: DialectName): string | undefined {
  if (process.env.TEST_QUEUE !== 'bullmq' || dialect !== 'postgres') return undefined;
  return process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
}

export interface TestServer {
  server: StudioServer;
  config: ServerConfig;
  /** The server's stored files, on disk or in the test bucket alike (assert through this, not the disk). */
  stored: StoredFiles;
  /** JSON call through the real HTTP stack (in-process); returns HTTP status and parsed body. */
  call(
    method: 'GET' | 'POST',
    url: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string>; payload?: Buffer },
  ): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  login(username: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a server on a fresh temp data dir and, for PostgreSQL, a fresh schema. */
export async function startTestServer(
  dialect: DialectName,
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-test-'));
  const schema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    production: false,
    dataDir,
    databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    databaseSchema: schema,
    jwtSecret: randomBytes(32),
    tokenTtlSeconds: 3600,
    loginRateLimit: 1000,
    captchaAfterFailures: 3,
    webDir: undefined,
    logLevel: 'silent',
    libraryDir: path.resolve(import.meta.dirname, '../../../assets/library'),
    runJobs: true,
    // Not calibrated per test server: a calibration costs about 7 CPU seconds, and every test
    // server has a fresh DATA_DIR (the calibration has its own test, video/encoderPreset.test.ts).
    encoderPreset: 'veryfast',
    // A password hash at the standard cost is about 0.3 CPU s, and the suite makes some thousand;
    // the standard cost has its own test (adapters/passwords.test.ts) and cli.test uses it.
    passwordCost: 'light',
    ...overrides,
  };
  // TEST_STORE=s3: stored files go to a fresh bucket of a loopback s3rver (unless a test set one).
  const bucket = testStoreIsS3() && !overrides.s3 ? await startTestBucket() : undefined;
  if (bucket) config.s3 = bucket.config;
  // A test that names redisUrl (even as undefined: the job table) chooses the queue itself.
  const redisUrl = 'redisUrl' in overrides ? undefined : testQueueRedis(dialect);
  if (redisUrl) Object.assign(config, { redisUrl, redisPrefix: testPrefix() });
  const server = await buildServer(config);
  const call: TestServer['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await server.http.inject({
      method,
      url,
      headers,
      ...(opts.payload
        ? { payload: opts.payload }
        : opts.body !== undefined
          ? { payload: opts.body as object }
          : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* non-JSON responses (files) stay raw */
    }
    return { status: res.statusCode, body };
  };
  return {
    server,
    config,
    stored: storedFiles(server.files, config.s3?.bucket),
    call,
    async login(username, password) {
      const res = await call('POST', '/virtual/v1/login', { body: { username, password, version: 'test' } });
      if (res.body.code !== 200) throw new Error(`login failed: ${res.body.msg}`);
      return res.body.token as string;
    },
    async stop() {
      await server.close();
      await bucket?.stop();
      if (redisUrl) await dropPrefix(redisUrl, config.redisPrefix!);
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    },
  };
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}

/** A multipart/form-data body with one file and optional text fields. */
export function multipart(
  field: string,
  filename: string,
  content: Buffer,
  fields: Record<string, string> = {},
  contentType = 'application/octet-stream',
  /** Put the file before the text fields (the spec's recording form lists `resource` first). */
  fileFirst = false,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const texts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const file = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
  const parts = [...(fileFirst ? [file, ...texts] : [...texts, file]), Buffer.from(`--${boundary}--\r\n`)];
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
