import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer, type Checkpointer } from '../../../lib/db/sqlite-checkpointer';

const yieldToThread = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the SQLite checkpointer thread', () => {
  let dir: string | null = null;
  let db: BetterSqlite3.Database | null = null;
  let checkpointer: Checkpointer | null = null;
  afterEach(async () => {
    await checkpointer?.stop();
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    [dir, db, checkpointer] = [null, null, null];
  });

  /** Commits in rounds until the WAL file is cut back (the log restarted from its start) or `rounds` pass. */
  async function writeUntilTheWalRestarts(
    rounds: number,
  ): Promise<{ restarted: boolean; largestKb: number }> {
    const file = path.join(dir!, 'wal.db');
    const insert = db!.prepare('insert into t (v) values (?)');
    const walKb = () => statSync(`${file}-wal`).size / 1024;
    let largestKb = 0;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < 10; i++) insert.run('x'.repeat(2_000));
      const kb = walKb();
      if (kb < largestKb) return { restarted: true, largestKb };
      largestKb = Math.max(largestKb, kb);
      await yieldToThread();
    }
    return { restarted: false, largestKb };
  }

  function openWriter(): void {
    dir = mkdtempSync(path.join(tmpdir(), 'locus-checkpointer-'));
    db = new BetterSqlite3(path.join(dir, 'wal.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // No checkpoint on the writer's connection: only the thread can let the log restart.
    db.pragma('wal_autocheckpoint = 0');
    // A restarted log is cut back to the first commit's frames, so the restart shows in the file's size.
    db.pragma('journal_size_limit = 0');
    db.exec('create table t (id integer primary key, v text)');
  }

  it('lets the WAL restart while the writer keeps committing, with no checkpoint on the writer', async () => {
    openWriter();
    const errors: string[] = [];
    checkpointer = startCheckpointer(path.join(dir!, 'wal.db'), (e) => errors.push(e), 5);
    const { restarted } = await writeUntilTheWalRestarts(2_000);
    expect(restarted).toBe(true);
    expect(errors).toEqual([]);
  });

  it('is what restarts it: without the thread the log only grows', async () => {
    openWriter();
    const { restarted, largestKb } = await writeUntilTheWalRestarts(30);
    expect(restarted).toBe(false);
    expect(largestKb).toBeGreaterThan(30 * 10 * 2);
  });
});
