import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './postgres-database';

/**
 * Runs `work` on a fresh database of `engine` (a SQLite file in a temporary folder, or a new PostgreSQL
 * database beside `postgresUrl`'s, named with `suffix`) and removes it afterwards, whatever happens.
 */
export async function withBenchDatabase<T>(
  engine: 'sqlite' | 'postgres',
  postgresUrl: string,
  suffix: string,
  work: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), `locus${suffix.replaceAll('_', '-')}-`));
    try {
      return await work(`sqlite:${path.join(dir, 'locus.db')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const database = await createBenchDatabase(postgresUrl, suffix);
  try {
    return await work(database.url);
  } finally {
    await database.drop();
  }
}
