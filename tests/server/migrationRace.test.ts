import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/adapters/db/database';

/*
 * Kysely's migrator lists tables across every schema, so a schema dropped meanwhile by someone else
 * failed a server's start with `schema "..." does not exist` (seen once in profile 3, where test
 * servers start and drop schemas of their own side by side). The dialect's introspector now lists
 * only the current schema's tables (schemaIntrospector.ts). This test failed at once before.
 */

const url = process.env.TEST_DATABASE_URL || undefined;
if (!url) console.log('TEST_DATABASE_URL is not set: the migration race test is skipped');

describe.skipIf(!url)('migrating while other schemas come and go', () => {
  const mine: string[] = [];
  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const schema of mine) await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('brings fresh schemas up to date while another client creates and drops schemas', async () => {
    const churn = new pg.Client({ connectionString: url });
    await churn.connect();
    let running = true;
    const churning = (async () => {
      while (running) {
        const other = `t_churn_${randomBytes(4).toString('hex')}`;
        await churn.query(`create schema "${other}"`);
        await churn.query(`create table "${other}".t (id int)`);
        await churn.query(`drop schema "${other}" cascade`);
      }
    })();
    try {
      for (let round = 0; round < 6; round++) {
        const schemas = Array.from({ length: 3 }, () => `t_${randomBytes(6).toString('hex')}`);
        mine.push(...schemas);
        const opened = await Promise.all(
          schemas.map((schema) => openDatabase({ databaseUrl: url, dataDir: '/nonexistent', schema })),
        );
        for (const handle of opened) {
          const users = await handle.db.selectFrom('users').select('id').execute();
          expect(users).toEqual([]);
          await handle.close();
        }
      }
    } finally {
      running = false;
      await churning;
      await churn.end();
    }
  }, 120_000);
});
