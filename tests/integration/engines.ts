import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Engine } from '../../lib/db/connect';

/** The PostgreSQL the suite runs against (CI starts it); override with LOCUS_TEST_PG_URL. */
export const TEST_PG_URL = process.env.LOCUS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Engines to run integration suites on: both by default, or LOCUS_TEST_ENGINES=sqlite|postgres. */
export const TEST_ENGINES: Engine[] = (process.env.LOCUS_TEST_ENGINES ?? 'sqlite,postgres')
  .split(',')
  .map((e) => e.trim())
  .filter((e): e is Engine => e === 'sqlite' || e === 'postgres');

export interface TestDatabase {
  engine: Engine;
  url: string;
  /** PostgreSQL only: the schema this test owns. */
  schema?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test: a new SQLite file, or a new PostgreSQL schema. Refuses any
 * PostgreSQL that is not on this machine, so a suite can never wipe a real database.
 */
export async function freshDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locus-test-'));
    return {
      engine,
      url: `sqlite:${path.join(dir, 'locus.db')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const host = new URL(TEST_PG_URL).hostname;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host))
    throw new Error(`refusing non-local test database ${host}`);
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    engine,
    url: TEST_PG_URL,
    schema,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}
