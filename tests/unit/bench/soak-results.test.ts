import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenLoopResult } from '../../../lib/bench/soak/open-loop';
import { openSoakProbe } from '../../../lib/bench/soak/soak-probe';
import { failureKey, MINUTE_MS, resultsByMinute } from '../../../lib/bench/soak/soak-results';

const result = (
  o: Partial<OpenLoopResult> & { scheduledMs: number; finishedMs: number },
): OpenLoopResult => ({
  stream: 'signup',
  sentMs: o.scheduledMs,
  status: 201,
  ...o,
});

describe('the soak results by minute', () => {
  it('files a request under the minute it was scheduled in, and counts it answered in the minute it finished', () => {
    const results = resultsByMinute(3);
    results.add(result({ scheduledMs: 59_990, finishedMs: 60_010 }));
    results.add(result({ scheduledMs: 61_000, finishedMs: 61_005 }));
    results.add(result({ scheduledMs: 62_000, finishedMs: 62_100, status: 429, error: 'x' }));
    results.add(result({ stream: 'ingestion', scheduledMs: 1_000, finishedMs: 1_050 }));
    results.add(result({ scheduledMs: 3 * MINUTE_MS - 1, finishedMs: 3 * MINUTE_MS + 9_000 }));

    expect(results.scheduledIn(0).map((r) => r.scheduledMs)).toEqual([59_990, 1_000]);
    expect(results.scheduledIn(1).map((r) => r.scheduledMs)).toEqual([61_000, 62_000]);
    expect(results.answeredIn('signup', 0, false)).toBe(0);
    expect(results.answeredIn('signup', 1, false)).toBe(2);
    expect(results.answeredIn('ingestion', 0, false)).toBe(1);
    // The last minute takes what was answered after the drive ended; the others do not.
    expect(results.answeredIn('signup', 2, false)).toBe(0);
    expect(results.answeredIn('signup', 2, true)).toBe(1);
  });

  it('says which limit refused a 429', () => {
    const at = { scheduledMs: 0, finishedMs: 1 };
    expect(
      failureKey(result({ ...at, status: 429, error: 'too many requests in progress for this tenant' })),
    ).toBe('429 in flight');
    expect(failureKey(result({ ...at, status: 429, error: 'too many SDK batches for this app key' }))).toBe(
      '429 SDK rate',
    );
    expect(failureKey(result({ ...at, status: 503 }))).toBe('503');
    expect(failureKey(result({ ...at, status: null }))).toBe('network');
  });
});

describe('the soak probe on SQLite', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('counts the reassessments added since the last count from its own thread, and the jobs due', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'locus-soak-probe-'));
    const file = path.join(dir, 'probe.db');
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.exec(`create table signup_assessments (id text primary key, trigger text not null);
      create table jobs (id text primary key, status text not null, run_at integer not null, lease_until integer)`);
    const assess = db.prepare('insert into signup_assessments (id, trigger) values (?, ?)');
    assess.run('a1', 'created');
    assess.run('a2', 'location_events');
    const job = db.prepare('insert into jobs (id, status, run_at, lease_until) values (?, ?, ?, ?)');
    job.run('due', 'pending', 100, null);
    job.run('later', 'pending', 500, null);
    job.run('lost lease', 'running', 0, 150);
    job.run('held', 'running', 0, 900);

    const probe = await openSoakProbe(`sqlite:${file}`);
    try {
      expect(await probe.reassessments()).toBe(1);
      assess.run('a3', 'created');
      assess.run('a4', 'signup');
      assess.run('a5', 'time');
      expect(await probe.reassessments()).toBe(3);
      expect(await probe.reassessments()).toBe(3);
      expect(await probe.backlog(200)).toBe(2);
      expect(probe.walMb()).toBeGreaterThan(0);
    } finally {
      await probe.close();
      db.close();
    }
  });
});
