import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database, Dialect } from './schema';
import { migrateToLatest } from './migrations';
import { CurrentSchemaDialect } from './schemaIntrospector';
import { reasonOf, withoutPassword } from '../serviceAddress';

export type { Dialect } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL returns bigint (int8) as strings; our bigints are epoch milliseconds, well inside
// Number's safe range, so read them as numbers on both dialects.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the configured database (PostgreSQL URL or SQLite file in dataDir) and migrates it. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  schema?: string;
}): Promise<DatabaseHandle> {
  const usePostgres = !!opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl);
  const dialect: Dialect = usePostgres ? 'postgres' : 'sqlite';
  const db = new Kysely<Database>({
    dialect: usePostgres ? postgresDialect(opts.databaseUrl!, opts.schema) : sqliteDialect(opts.dataDir),
  });
  if (usePostgres) await answers(db, opts.databaseUrl!);
  await migrateToLatest(db as Kysely<unknown>, dialect, usePostgres ? opts.schema : undefined);
  return { db, dialect, close: () => db.destroy() };
}

/** Throws one clear line when PostgreSQL at `url` cannot be reached or refuses us (login, database). */
async function answers(db: Kysely<Database>, url: string): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new Error(
      `PostgreSQL at ${withoutPassword(url)}: ${reasonOf(error)}; check DATABASE_URL, or unset it to use SQLite in DATA_DIR`,
    );
  }
}

function sqliteDialect(dataDir: string): SqliteDialect {
  const file = new BetterSqlite3(path.join(dataDir, 'studio.sqlite'));
  // WAL lets the render worker read while the API writes; foreign keys are off by default in SQLite.
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: file });
}

function postgresDialect(url: string, schema?: string): CurrentSchemaDialect {
  const options = schema ? `-c search_path=${schema}` : undefined;
  return new CurrentSchemaDialect({ pool: new pg.Pool({ connectionString: url, max: 10, options }) });
}
