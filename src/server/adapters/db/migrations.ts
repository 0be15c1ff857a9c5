import { Kysely, Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './schema';
import { migrationsFrom0009, type MigrationKit } from './migrationsFrom0009';

// Migrations are code, in order, and must run unchanged on SQLite and PostgreSQL: the only
// dialect-specific piece is the auto-increment key, chosen by `idColumn`.
function buildMigrations(dialect: Dialect): Record<string, Migration> {
  const kit: MigrationKit = {
    idType: dialect === 'postgres' ? 'serial' : 'integer',
    idColumn: (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()),
  };
  const { idType, idColumn } = kit;
  return {
    '0001_accounts': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('users')
          .addColumn('id', idType, idColumn)
          .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
          .addColumn('avatar', 'text')
          .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('roles', 'text', (c) => c.notNull().defaultTo('["user"]'))
          .addColumn('quanxian', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('sessions')
          .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .execute();
        await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
        await db.schema
          .createTable('captchas')
          .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('answer', 'varchar(16)', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('login_failures')
          .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    '0002_projects': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('projects')
          .addColumn('id', idType, idColumn)
          .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('pro_kind', 'integer', (c) => c.notNull())
          .addColumn('distinguishability', 'integer', (c) => c.notNull())
          .addColumn('original', 'integer', (c) => c.notNull())
          .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('compose_status', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('projects_owner')
          .on('projects')
          .columns(['owner_id', 'updated_at'])
          .execute();
      },
    },
    '0003_slides_and_jobs': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('ppts')
          .addColumn('id', idType, idColumn)
          .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(200)', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('page_count', 'integer', (c) => c.notNull())
          .addColumn('pages_done', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('error', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('ppts_owner').on('ppts').columns(['owner_id', 'created_at']).execute();
        await db.schema
          .createTable('jobs')
          .addColumn('id', idType, idColumn)
          .addColumn('kind', 'varchar(32)', (c) => c.notNull())
          .addColumn('owner_id', 'integer', (c) => c.notNull())
          .addColumn('subject_id', 'integer', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
          .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('result', 'text')
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('jobs_status').on('jobs').columns(['status', 'kind', 'id']).execute();
        await db.schema.createIndex('jobs_subject').on('jobs').columns(['kind', 'subject_id']).execute();
      },
    },
    '0004_final_documents': {
      async up(db: Kysely<unknown>) {
        // The final document (original 2, export coordinates) is kept apart from the draft the
        // editor reopens, so synthesising never turns the author's draft into export pixels.
        await db.schema
          .alterTable('projects')
          .addColumn('final_detail', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      },
    },
    '0005_custom_scenes': {
      async up(db: Kysely<unknown>) {
        // A user's own backgrounds; built-in scenes stay files in assets/library.
        await db.schema
          .createTable('scenes')
          .addColumn('id', idType, idColumn)
          .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('file_key', 'text', (c) => c.notNull())
          .addColumn('thumb_key', 'text', (c) => c.notNull())
          .addColumn('size_type', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('scenes_owner')
          .on('scenes')
          .columns(['owner_id', 'size_type', 'id'])
          .execute();
      },
    },
    '0006_textures': {
      async up(db: Kysely<unknown>) {
        // A user's own stickers; built-in stickers stay files in assets/library/stickers.
        await db.schema
          .createTable('textures')
          .addColumn('id', idType, idColumn)
          .addColumn('texture_id', 'varchar(4)', (c) => c.notNull().unique())
          .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('file_key', 'text', (c) => c.notNull())
          .addColumn('width', 'integer', (c) => c.notNull())
          .addColumn('height', 'integer', (c) => c.notNull())
          .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('textures_owner')
          .on('textures')
          .columns(['owner_id', 'type', 'id'])
          .execute();
      },
    },
    '0007_materials': {
      async up(db: Kysely<unknown>) {
        // 素材: a user's own images and audio (spec 7 userResources/*).
        await db.schema
          .createTable('materials')
          .addColumn('id', idType, idColumn)
          .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('file_key', 'text', (c) => c.notNull())
          .addColumn('thumb_key', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('size', 'bigint', (c) => c.notNull())
          .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('materials_owner')
          .on('materials')
          .columns(['owner_id', 'type', 'id'])
          .execute();
      },
    },
    '0008_points': {
      async up(db: Kysely<unknown>) {
        // 积分 ledger: every change of users.points with the balance after it. A charge remembers
        // whether it was refunded, so a cancelled or failed render is given back exactly once.
        await db.schema
          .createTable('points_ledger')
          .addColumn('id', idType, idColumn)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('delta', 'integer', (c) => c.notNull())
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('balance_after', 'integer', (c) => c.notNull())
          .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('points_ledger_user')
          .on('points_ledger')
          .columns(['user_id', 'id'])
          .execute();
        // Accounts created before the ledger get an opening line for the balance they already have.
        await sql`insert into points_ledger (user_id, delta, kind, reason, balance_after, refunded, created_at)
          select id, points, 'grant', '', points, 0, created_at from users where points > 0`.execute(db);
      },
    },
    ...migrationsFrom0009(kit),
  };
}

/** Brings the database schema up to date; safe to call on every start. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect, schema?: string): Promise<void> {
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const provider: MigrationProvider = { getMigrations: async () => buildMigrations(dialect) };
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
