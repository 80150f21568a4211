import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Engine } from '../../db/connect';
import { round } from '../bench-row';
import { createBenchDatabase } from '../postgres-database';
import { bytesPerEvent, type EventBytes } from './bytes-per-event';
import { commitCost, type CommitCost } from './commit-cost';
import { flatness, mb, startLongRun, type LongRun } from './long-run';
import type { StorageBenchConfig } from './storage-config';

export interface EngineStorage {
  engine: Engine;
  bytes_per_event: EventBytes;
  with_retention: LongRun;
  without_retention: LongRun;
}

export interface StorageFigures {
  engines: EngineStorage[];
  commit_cost: CommitCost[];
  skipped: string[];
}

/**
 * Storage (docs/BENCHMARKS.md "Storage"): bytes per stored event on each engine; a long run of steady
 * ingestion with a `windowDays` retention against the same run with a window longer than the run (no
 * purge ever removes anything), comparing database size over the days and request latency; on SQLite,
 * the cost per commit of synchronous=FULL.
 */
export async function runStorageBench(c: StorageBenchConfig): Promise<StorageFigures> {
  const engines: EngineStorage[] = [];
  const skipped: string[] = [];
  for (const engine of c.engines) {
    try {
      engines.push(await benchEngine(engine, c));
    } catch (error) {
      if (engine !== 'postgres' || !isUnreachable(error)) throw error;
      skipped.push(`postgres unreachable at ${c.postgresUrl}: ${String(error)}`);
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-storage-'));
  try {
    process.stderr.write('storage: commit cost of synchronous=NORMAL and FULL\n');
    return { engines, commit_cost: await commitCost(dir, c.commits), skipped };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchEngine(engine: Engine, c: StorageBenchConfig): Promise<EngineStorage> {
  const label = `storage ${engine}`;
  process.stderr.write(`${label}: bytes per event (${c.bytesEvents} events)\n`);
  const perEvent = await withDatabase(engine, c, '_bytes', (url) =>
    bytesPerEvent(engine, url, c.bytesEvents),
  );
  process.stderr.write(
    `${label}: ${c.days} days × ${c.devices} devices × ${c.eventsPerDay} events with a ${c.windowDays}-day window, ` +
      `day by day beside the same run without purges (a window longer than the run)\n`,
  );
  const [withRetention, without] = await withDatabase(engine, c, '_purged', (first) =>
    withDatabase(engine, c, '_kept', (second) => interleaved(engine, first, second, c, label)),
  );
  return { engine, bytes_per_event: perEvent, with_retention: withRetention, without_retention: without };
}

/**
 * Drives both runs a day each in turn, so that whatever else loads the machine meanwhile weighs on
 * both alike: the latency comparison is between neighbours in time, not between two separate runs.
 */
async function interleaved(
  engine: Engine,
  first: string,
  second: string,
  c: StorageBenchConfig,
  label: string,
): Promise<[LongRun, LongRun]> {
  const purged = await startLongRun(engine, first, c, c.windowDays);
  const kept = await startLongRun(engine, second, c, c.days + 30);
  for (let day = 1; day <= c.days; day++) {
    await purged.day(day);
    await kept.day(day);
    if (day % 10 === 0) process.stderr.write(`${label}: day ${day}/${c.days}\n`);
  }
  return [await purged.finish(), await kept.finish()];
}

/** A fresh database for `work`, removed afterwards; `name` tells apart the ones held at the same time. */
async function withDatabase<T>(
  engine: Engine,
  c: StorageBenchConfig,
  name: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'locus-storage-'));
    try {
      return await work(`sqlite:${path.join(dir, 'storage.db')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const database = await createBenchDatabase(c.postgresUrl, name);
  try {
    return await work(database.url);
  } finally {
    await database.drop();
  }
}

function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT';
}

/** The report: bytes per event, the size every 10 days, flatness after the window, latency with and without purges. */
export function formatStorage(f: StorageFigures, c: StorageBenchConfig): string[] {
  const lines = [
    `storage: ${c.days} simulated days, ${c.devices} devices × ${c.eventsPerDay} events/day, ${c.windowDays}-day window (compressed time, in-process API + worker)`,
  ];
  for (const e of f.engines) {
    const flat = flatness(e.with_retention.bytesByDay, c.windowDays);
    const sizes = e.with_retention.bytesByDay.filter((_, day) => day % 10 === 0).map((b) => mb(b));
    const grown = e.without_retention.bytesByDay.filter((_, day) => day % 10 === 0).map((b) => mb(b));
    const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 2) : null);
    lines.push(
      `${e.engine}: ${e.bytes_per_event.total} bytes per stored event: rows ${e.bytes_per_event.rows}, ` +
        Object.entries(e.bytes_per_event.indexes)
          .map(([name, bytes]) => `${name} ${bytes}`)
          .join(', '),
      `${e.engine}: MB every 10 days with retention    ${sizes.join(' ')}`,
      `${e.engine}: MB every 10 days without retention ${grown.join(' ')}`,
      `${e.engine}: after day ${c.windowDays}: ${mb(flat.min)}–${mb(flat.max)} MB, mean ${mb(flat.mean)} MB, ` +
        `deviation ±${round(flat.deviation * 100, 1)} % (${flat.deviation <= 0.1 ? 'within' : 'NOT within'} ±10 %)`,
      `${e.engine}: request p50 ${round(e.with_retention.latency.p50, 2)} / ${round(e.without_retention.latency.p50, 2)} ms with / without purges; ` +
        `p99 ${round(e.with_retention.latency.p99, 2)} ms with purges, ` +
        `${round(e.without_retention.latency.p99, 2)} ms without (×${ratio(e.with_retention.latency.p99, e.without_retention.latency.p99)}); ` +
        `after day ${c.windowDays}: ${round(e.with_retention.latencyAfterWindow.p99, 2)} vs ` +
        `${round(e.without_retention.latencyAfterWindow.p99, 2)} ms (×${ratio(e.with_retention.latencyAfterWindow.p99, e.without_retention.latencyAfterWindow.p99)}); ` +
        `${e.with_retention.requests} requests, ${e.with_retention.failed + e.without_retention.failed} failed`,
    );
  }
  for (const cost of f.commit_cost) {
    lines.push(
      `sqlite synchronous=${cost.synchronous}: ${cost.commitsPerSecond} one-event ingestions/s one at a time, ` +
        `p50 ${round(cost.latency.p50, 2)} ms, p99 ${round(cost.latency.p99, 2)} ms`,
    );
  }
  for (const s of f.skipped) lines.push(`NOTE: ${s}`);
  return lines;
}
