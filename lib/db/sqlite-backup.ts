import fs from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';

/** The file behind a `sqlite:<file>` DATABASE_URL; backup and restore exist for the embedded engine only. */
export function sqliteFileOf(databaseUrl: string): string {
  if (!databaseUrl.startsWith('sqlite:') || databaseUrl === 'sqlite::memory:')
    throw new Error(
      'backup and restore work on the embedded SQLite database; for PostgreSQL use pg_dump / pg_restore (docs/OPERATIONS.md)',
    );
  return databaseUrl.slice('sqlite:'.length);
}

export interface BackupResult {
  pages: number;
  bytes: number;
}

// SQLite restarts an online backup whenever another connection writes between two steps; under steady
// ingestion a paced backup would never finish. Everything is copied in the step after the first, inside
// one read transaction: the copy is the database as of that instant, writers carry on meanwhile (WAL).
const ALL_REMAINING_PAGES = 0x7fffffff;

/** Copies `from` into `to` with SQLite's online backup API (never a file copy of a live database). */
async function copyDatabase(from: BetterSqlite3.Database, to: string): Promise<BackupResult> {
  const done = await from.backup(to, { progress: () => ALL_REMAINING_PAGES });
  const pageSize = Number(from.pragma('page_size', { simple: true }));
  return { pages: done.totalPages, bytes: done.totalPages * pageSize };
}

/**
 * `locus backup <file>`: a consistent copy of the live database while the API and workers keep
 * writing; every transaction committed before it started is in it. Written beside the target and
 * renamed, so the target is either the previous backup or the new one, never half of one.
 */
export async function backupSqlite(databaseFile: string, target: string): Promise<BackupResult> {
  const source = new BetterSqlite3(databaseFile, { fileMustExist: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    source.pragma('busy_timeout = 5000');
    const result = await copyDatabase(source, partial);
    assertLocusDatabase(partial);
    fs.renameSync(partial, target);
    return result;
  } finally {
    source.close();
    fs.rmSync(partial, { force: true });
  }
}

/**
 * `locus restore <file>`: replaces the database's content with a backup's, through the backup API
 * (the destination is locked while pages are written; no stale WAL can mix in). Stop the service
 * first: the next `locus serve` migrates the restored schema if the backup is older than the code.
 */
export async function restoreSqlite(backupFile: string, databaseFile: string): Promise<BackupResult> {
  assertLocusDatabase(backupFile);
  assertNotInUse(databaseFile);
  const backup = new BetterSqlite3(backupFile, { fileMustExist: true, readonly: true });
  try {
    return await copyDatabase(backup, databaseFile);
  } finally {
    backup.close();
  }
}

/**
 * Refuses to restore under a running service: its open connections would go on with caches and
 * leases of the old content, and whatever it acknowledged after the backup would vanish without a
 * word. Every open WAL-mode connection holds a shared lock on the file, so an exclusive lock is only
 * granted when nothing else has the database open (a short wait lets a one-off command finish).
 */
function assertNotInUse(databaseFile: string): void {
  if (!fs.existsSync(databaseFile)) return;
  const db = new BetterSqlite3(databaseFile, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 2000');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY')
      throw new Error(
        `${databaseFile} is in use: stop locus serve, locus worker or npm start (and any other process using it) before restoring`,
      );
    throw error;
  } finally {
    db.close();
  }
}

/** A readable, intact SQLite file that Locus migrated (refuses any other file before anything is overwritten). */
function assertLocusDatabase(file: string): void {
  const db = new BetterSqlite3(file, { fileMustExist: true, readonly: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged: ${String(check)}`);
    const migrated = db
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get() as { n: number };
    if (migrated.n !== 1) throw new Error(`${file} is not a Locus database (no migration table)`);
  } finally {
    db.close();
  }
}
