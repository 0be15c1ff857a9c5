import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/** The one dialect-specific piece of a migration: how an auto-increment key is declared. */
export interface MigrationKit {
  idType: 'serial' | 'integer';
  idColumn: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}

/** Migrations 0009 onwards (migrations.ts holds the first eight and runs them all in order). */
export function migrationsFrom0009({ idType, idColumn }: MigrationKit): Record<string, Migration> {
  return {
    '0009_voices': {
      async up(db: Kysely<unknown>) {
        // Private voices (我的音色): the sample, its training state and the derived synthesiser
        // settings. Training and private text-to-speech run as rows of the jobs table.
        await db.schema
          .createTable('voices')
          .addColumn('id', idType, idColumn)
          .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('name', 'varchar(50)', (c) => c.notNull())
          .addColumn('sex', 'integer', (c) => c.notNull())
          .addColumn('pth_status', 'integer', (c) => c.notNull())
          .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
          .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('sample_key', 'text', (c) => c.notNull())
          .addColumn('sample_ms', 'integer', (c) => c.notNull())
          .addColumn('measures', 'text')
          .addColumn('params', 'text')
          .addColumn('consent_at', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('voices_owner').on('voices').columns(['owner_id', 'id']).execute();
      },
    },
    '0010_presenters': {
      async up(db: Kysely<unknown>) {
        // 我的数字人: a user's own presenters (sprite rig, talking video or single picture); the
        // files live under files/u/<owner>/presenters/<dir>/.
        await db.schema
          .createTable('presenters')
          .addColumn('id', idType, idColumn)
          .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('name', 'varchar(50)', (c) => c.notNull())
          .addColumn('kind', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('dir_key', 'text', (c) => c.notNull())
          .addColumn('width', 'integer', (c) => c.notNull())
          .addColumn('height', 'integer', (c) => c.notNull())
          .addColumn('rig', 'text')
          .addColumn('keying', 'text')
          .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('presenters_owner')
          .on('presenters')
          .columns(['owner_id', 'id'])
          .execute();
      },
    },
    '0011_pending_deletes': {
      async up(db: Kysely<unknown>) {
        // Files a user deleted from a project (page videos, page audio) wait here until no saved
        // document refers to them and the grace period is over, so undo can bring them back.
        await db.schema
          .createTable('pending_deletes')
          .addColumn('id', idType, idColumn)
          .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('file_key', 'text', (c) => c.notNull())
          .addColumn('due_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('pending_deletes_due').on('pending_deletes').column('due_at').execute();
      },
    },
    '0012_workers': {
      async up(db: Kysely<unknown>) {
        // Heartbeats of the processes that run jobs from the job table (GET /healthz lists them).
        await db.schema
          .createTable('workers')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('beat', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
  };
}
