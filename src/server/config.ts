import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openAiTtsFromEnv, type OpenAiTtsConfig } from './adapters/media/tts.openai.config';
import { limitsFromEnv, type Limits } from './limits';
import { s3FromEnv, type S3Config } from './adapters/s3.config';
import { presetFromEnv, type EncoderPreset } from './video/encoderSpeed';
import type { PasswordCost } from './adapters/passwords';

/** Everything the server reads from its environment, resolved once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  /** postgres://... selects PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use (tests isolate themselves with one schema per file). */
  databaseSchema: string | undefined;
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  /** Login attempts per address per minute before the rate limiter answers 429. */
  loginRateLimit: number;
  /** Failed logins (per user or address) after which the captcha is required. */
  captchaAfterFailures: number;
  /** Built front end served under /home/; absent in API-only test runs. */
  webDir: string | undefined;
  logLevel: string;
  /** Built-in library art (presenters, scenes, stickers). */
  libraryDir: string;
  /** Run background jobs in this process (the embedded profile); WORKERS=0 makes it API only. */
  runJobs: boolean;
  /** redis://... carries background jobs on BullMQ, for `npm run worker` processes anywhere. */
  redisUrl?: string;
  /** Redis key prefix, so deployments (and test runs) can share one Redis. */
  redisPrefix?: string;
  /** Jobs one process runs at once on BullMQ (default one per core). */
  workerConcurrency?: number;
  /** `worker` for `npm run worker`: runs jobs and serves nothing. */
  role?: 'web' | 'worker';
  /** Optional OpenAI-compatible text-to-speech server (TTS_URL), listed as extra public voices. */
  openAiTts?: OpenAiTtsConfig;
  /** Per-user and per-job limits (defaults when absent). */
  limits?: Partial<Limits>;
  /** Stored files in an S3-compatible bucket (S3_BUCKET ...); absent: DATA_DIR/files. */
  s3?: S3Config;
  /** ENCODER_PRESET: the x264 preset for every page; absent: measured once on this machine. */
  encoderPreset?: EncoderPreset;
  /** PASSWORD_HASH=light: cheap password hashes for test servers (passwords.ts); never in production. */
  passwordCost?: PasswordCost;
}

/** Reads the configuration from environment variables (documented in the README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    production,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    jwtSecret: resolveSecret(env.JWT_SECRET, dataDir, production),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 7 * 24 * 3600),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 20),
    captchaAfterFailures: 3,
    webDir: path.resolve(env.WEB_DIR ?? 'dist/public'),
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    libraryDir: path.resolve(import.meta.dirname, '../../assets/library'),
    runJobs: env.RUN_JOBS !== '0' && env.WORKERS !== '0',
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    workerConcurrency: env.WORKER_CONCURRENCY
      ? Math.max(1, Math.floor(Number(env.WORKER_CONCURRENCY)) || 1)
      : undefined,
    openAiTts: openAiTtsFromEnv(env),
    limits: limitsFromEnv(env),
    s3: s3FromEnv(env),
    encoderPreset: presetFromEnv(env.ENCODER_PRESET),
    passwordCost: passwordCostFromEnv(env.PASSWORD_HASH, production),
  };
}

/** PASSWORD_HASH: unset or `standard`; `light` only outside production (a wrong value stops the start). */
export function passwordCostFromEnv(value: string | undefined, production: boolean): PasswordCost {
  if (!value || value === 'standard') return 'standard';
  if (value !== 'light') throw new Error(`PASSWORD_HASH must be standard or light, not "${value}"`);
  if (production)
    throw new Error('PASSWORD_HASH=light is for test servers; it cannot be used with NODE_ENV=production');
  return 'light';
}

// An embedded install keeps a generated secret beside its data so tokens survive restarts without
// any setup; production must be given one explicitly so replicas agree and nothing is guessable.
function resolveSecret(fromEnv: string | undefined, dataDir: string, production: boolean): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  if (production) throw new Error('JWT_SECRET must be set when NODE_ENV=production');
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return new Uint8Array(readFileSync(file));
  } catch {
    const secret = randomBytes(48);
    writeFileSync(file, secret, { mode: 0o600 });
    return new Uint8Array(secret);
  }
}
