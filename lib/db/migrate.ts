import { Migrator, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './connect';
import { allMigrations } from './migrations/index';

/** Brings the schema up to date; safe to run from several processes (the migrator takes a lock). */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(handle.engine) };
  // Kysely finds its bookkeeping tables by introspecting every schema: name ours, or a twin elsewhere fools it.
  const migrator = new Migrator({
    db: handle.db,
    provider,
    // Each feature owns a number range, so a database may hold 0400 before 0300 arrives: run what is missing.
    allowUnorderedMigrations: true,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
