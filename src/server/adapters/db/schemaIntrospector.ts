import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type PostgresDialectConfig,
  type TableMetadata,
} from 'kysely';

/*
 * Kysely's migrator asks the introspector for every table of every schema to learn whether its own
 * tables exist. The PostgreSQL introspector's query calls has_schema_privilege on each schema name,
 * so a schema that someone else drops meanwhile fails it with `schema "..." does not exist`: a
 * server's start failed that way while test servers beside it dropped their schemas (one PostgreSQL,
 * a schema per test server), and it would for any app sharing a database whose schemas come and go.
 * The migrator only needs the tables of the schema it migrates, the connection's current schema:
 * this dialect lists those from the catalog, with no privilege function over other schemas.
 */
export class CurrentSchemaDialect extends PostgresDialect {
  constructor(config: PostgresDialectConfig) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    const all = super.createIntrospector(db);
    return {
      getSchemas: () => all.getSchemas(),
      getMetadata: (options) => all.getMetadata(options),
      getTables: () => tablesOfCurrentSchema(db),
    };
  }
}

/** The tables and views of the connection's current schema (names only: the migrator needs no more). */
async function tablesOfCurrentSchema(db: Kysely<unknown>): Promise<TableMetadata[]> {
  const { rows } = await sql<{ name: string; schema: string; kind: string }>`
    select c.relname as name, n.nspname as schema, c.relkind as kind
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')`.execute(db);
  return rows.map((r) => ({
    name: r.name,
    schema: r.schema,
    isView: r.kind === 'v' || r.kind === 'm',
    columns: [],
  }));
}
